package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/metrics"
	"github.com/gputaskman/gtm/internal/schema"
)

// countingSource counts collections.
type countingSource struct{ n atomic.Int64 }

func (c *countingSource) Collect(context.Context) *schema.Snapshot {
	c.n.Add(1)
	return &schema.Snapshot{SchemaVersion: schema.SchemaVersion, TakenAt: time.Now().UTC()}
}

// TestScrapesDoNotCollect: fifty scrapes within one interval cost no
// collection beyond the interval's own.
func TestScrapesDoNotCollect(t *testing.T) {
	src := &countingSource{}
	exp := metrics.New()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go collectInto(ctx, src, time.Hour, false, exp)
	srv := httptest.NewServer(exp.Handler(metrics.Options{Interval: time.Hour}))
	defer srv.Close()
	for deadline := time.Now().Add(5 * time.Second); exp.Snapshot() == nil; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no first snapshot")
		}
	}
	for i := 0; i < 50; i++ {
		resp, err := http.Get(srv.URL + "/metrics")
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("scrape %d: %v", i, err)
		}
		resp.Body.Close()
	}
	if n := src.n.Load(); n != 1 {
		t.Fatalf("%d collections for 50 scrapes within one interval, want 1", n)
	}
}

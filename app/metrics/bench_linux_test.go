package metrics

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// bigSnapshot: two GPUs, 200 processes, 20 of them LLM servers with a full
// breakdown and a model each.
func bigSnapshot() *schema.Snapshot {
	s := fixture()
	base := s.Processes[0]
	s.Processes = nil
	for i := 0; i < 200; i++ {
		p := base
		p.PID, p.PIDLabel = 10000+i, fmt.Sprint(10000+i)
		p.DeviceIndex = ip(i % 2)
		p.Name = sp(fmt.Sprintf("worker-%d", i))
		p.VRAMBytes = mib(uint64(200 + i))
		p.LLM, p.Models = nil, nil
		if i < 20 {
			p.Models = []schema.Model{{Path: fmt.Sprintf("/models/model-%d-Q4_K_M.gguf", i), Role: "model"}}
			p.LLM = base.LLM
		}
		s.Processes = append(s.Processes, p)
	}
	return s
}

// BenchmarkScrape: one Prometheus scrape of /metrics (gzip, as Prometheus
// asks) right after a new snapshot, so the families are built and encoded.
// Budget: 2 ms with 200 processes and 20 models.
func BenchmarkScrape(b *testing.B) {
	benchScrape(b, true, "gzip")
}

// BenchmarkScrapeCached: a further scrape of the same snapshot (another
// scraper): only the encoding is paid.
func BenchmarkScrapeCached(b *testing.B) {
	benchScrape(b, false, "gzip")
}

// BenchmarkScrapePlain: as BenchmarkScrape, uncompressed (curl).
func BenchmarkScrapePlain(b *testing.B) {
	benchScrape(b, true, "")
}

func benchScrape(b *testing.B, fresh bool, encoding string) {
	e := New()
	s := bigSnapshot()
	e.Update(s, time.Millisecond)
	h := e.Handler(Options{Interval: time.Second})
	req := httptest.NewRequest(http.MethodGet, "http://localhost/metrics", nil)
	if encoding != "" {
		req.Header.Set("Accept-Encoding", encoding)
	}
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b)()
	for i := 0; i < b.N; i++ {
		if fresh {
			e.Update(s, time.Millisecond)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
}

// reportCPU adds cpu-ns/op: the process's CPU time (user+system) per
// iteration. On a busy shared machine wall time (ns/op) includes waiting
// for a core; CPU time is what a scrape costs.
func reportCPU(b *testing.B) func() {
	var start syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &start)
	return func() {
		var end syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &end)
		cpu := time.Duration(end.Utime.Nano() + end.Stime.Nano() - start.Utime.Nano() - start.Stime.Nano())
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

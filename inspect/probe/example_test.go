package probe_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/gputaskman/gtm/inspect/probe"
)

func Example() {
	// A stand-in for llama-server on a loopback port.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"data":[{"id":"qwen3-0.6b"}]}`)
	}))
	defer srv.Close()
	port := srv.Listener.Addr().(*net.TCPAddr).Port

	c := probe.New(probe.Options{})
	defer c.Close()
	// One budget per refresh; the process's PID and start time name it.
	ctx := probe.WithBudget(context.Background(), probe.NewBudget(300*time.Millisecond))
	k := probe.Key{PID: 4242, Start: time.Unix(1_700_000_000, 0), Port: port}
	for range 2 {
		r := c.GetCached(ctx, k, "/v1/models", nil, 10*time.Second)
		var models struct{ Data []struct{ ID string } }
		switch err := probe.JSON(r, &models); {
		case errors.Is(err, probe.ErrStatus) && r.Status == http.StatusUnauthorized:
			fmt.Println("API needs a key")
		case err != nil:
			fmt.Println(err)
		default:
			fmt.Println(models.Data[0].ID, "cached:", r.Cached)
		}
	}
	// Output:
	// qwen3-0.6b cached: false
	// qwen3-0.6b cached: true
}

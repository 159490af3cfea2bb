package metrics

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/common/expfmt"
)

// Handler serves /metrics (Prometheus), /snapshot.json (the exported
// snapshot, as `gtm --json` writes it) and /healthz (200 while snapshots
// keep coming, 503 before the first or when the last is older than three
// intervals). Only GET and HEAD are answered.
func (e *Exporter) Handler(interval time.Duration) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		gz := acceptsGzip(r.Header.Get("Accept-Encoding"))
		data, err := e.exposition(gz)
		if err != nil {
			http.Error(w, "gtm: "+err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", string(textFormat))
		w.Header().Set("Vary", "Accept-Encoding")
		if gz {
			w.Header().Set("Content-Encoding", "gzip")
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(data)))
		w.Write(data)
	})
	mux.HandleFunc("GET /snapshot.json", func(w http.ResponseWriter, _ *http.Request) {
		s := e.Snapshot()
		if s == nil {
			http.Error(w, "no snapshot yet", http.StatusServiceUnavailable)
			return
		}
		var buf bytes.Buffer
		if err := s.WriteJSON(&buf); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(buf.Bytes())
	})
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		age, ok := e.age()
		switch {
		case !ok:
			http.Error(w, "starting: no snapshot yet", http.StatusServiceUnavailable)
		case age > 3*interval+5*time.Second:
			http.Error(w, fmt.Sprintf("stale: the last snapshot was taken %s ago", age.Round(time.Second)), http.StatusServiceUnavailable)
		default:
			fmt.Fprintln(w, "ok")
		}
	})
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>gtm</title><h1>gtm serve</h1><ul><li><a href="metrics">/metrics</a> (Prometheus)</li><li><a href="snapshot.json">/snapshot.json</a></li><li><a href="healthz">/healthz</a></li></ul>`)
	})
	return mux
}

// age is how long ago the exporter was last updated.
func (e *Exporter) age() (time.Duration, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.snap == nil {
		return 0, false
	}
	return time.Since(e.updated), true
}

// textFormat is Prometheus's text exposition format, which every
// Prometheus version scrapes.
var textFormat = expfmt.NewFormat(expfmt.TypeTextPlain)

// exposed is one snapshot's /metrics body, built once and served to every
// scraper until the next snapshot; the gzipped form is made on the first
// scrape that asks for it.
type exposed struct {
	text []byte
	gz   []byte
}

// exposition returns the current snapshot's body, encoding it on the first
// scrape after an Update.
func (e *Exporter) exposition(wantGzip bool) ([]byte, error) {
	mfs, err := e.Gather()
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(mfs) == 0 {
		return nil, nil
	}
	if e.body == nil || e.bodyOf != &mfs[0] {
		var text bytes.Buffer
		enc := expfmt.NewEncoder(&text, textFormat)
		for _, mf := range mfs {
			if err := enc.Encode(mf); err != nil {
				return nil, err
			}
		}
		e.body, e.bodyOf = &exposed{text: text.Bytes()}, &mfs[0]
	}
	if !wantGzip {
		return e.body.text, nil
	}
	if e.body.gz == nil {
		var gz bytes.Buffer
		if e.zw == nil {
			e.zw, _ = gzip.NewWriterLevel(&gz, gzip.BestSpeed)
		} else {
			e.zw.Reset(&gz) // a gzip writer's tables are large: reuse them
		}
		e.zw.Write(e.body.text)
		e.zw.Close()
		e.body.gz = gz.Bytes()
	}
	return e.body.gz, nil
}

// acceptsGzip reads an Accept-Encoding header (gzip not refused with q=0).
func acceptsGzip(h string) bool {
	for _, part := range strings.Split(h, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(name) == "gzip" {
			return strings.ReplaceAll(params, " ", "") != "q=0"
		}
	}
	return false
}

package metrics

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gputaskman/gtm/app/redact"
)

// Options say what Handler serves and to whom.
type Options struct {
	// Interval is the collection interval; /healthz calls a snapshot
	// older than three of them stale.
	Interval time.Duration
	// FullSnapshot serves /snapshot.json as taken: command lines, paths
	// (cwd, exe, mapped models) and users of every process, which /proc
	// hides from other users. Otherwise it is redacted as --redact does.
	FullSnapshot bool
	// Hosts are the Host names answered besides loopback addresses,
	// localhost and the address a connection came in on (the listen host,
	// the machine's name, names the operator allows).
	Hosts []string
	// Token, when set, is the bearer token every request must carry
	// (Authorization: Bearer TOKEN) but the probes' /healthz and /livez,
	// which show nothing of the processes; others get 401.
	Token []byte
	// NoSnapshot leaves /snapshot.json out (404): /metrics alone shows the
	// processes.
	NoSnapshot bool
}

// Handler serves /metrics (Prometheus), /snapshot.json (the exported
// snapshot, as `gtm --json` writes it, redacted unless o.FullSnapshot;
// none with o.NoSnapshot), /healthz (200 while snapshots keep coming, 503
// before the first or when the last is older than three intervals) and
// /livez (200 while the server answers). Only GET and HEAD are answered,
// only for a Host that names this server (421 otherwise) and, with
// o.Token, only with that bearer token (401 otherwise) but for the probes'
// /healthz and /livez.
func (e *Exporter) Handler(o Options) http.Handler {
	interval := o.Interval
	mux := http.NewServeMux()
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		gz := acceptsGzip(r.Header.Get("Accept-Encoding"))
		data, err := e.exposition(gz)
		if err != nil {
			http.Error(w, "gtm: "+err.Error(), http.StatusInternalServerError)
			return
		}
		writeBody(w, textContentType, gz, data)
	})
	if !o.NoSnapshot {
		mux.HandleFunc("GET /snapshot.json", func(w http.ResponseWriter, r *http.Request) {
			gz := acceptsGzip(r.Header.Get("Accept-Encoding"))
			data, err := e.snapshotJSON(o.FullSnapshot, gz)
			switch {
			case err != nil:
				http.Error(w, "gtm: "+err.Error(), http.StatusInternalServerError)
			case data == nil:
				http.Error(w, "no snapshot yet", http.StatusServiceUnavailable)
			default:
				writeBody(w, "application/json", gz, data)
			}
		})
	}
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
	// The liveness probe's: the server answers and the exporter's lock is
	// free, however old the snapshot (a stalled collection makes the pod
	// unready through /healthz, not restarted).
	mux.HandleFunc("GET /livez", func(w http.ResponseWriter, _ *http.Request) {
		e.age()
		fmt.Fprintln(w, "ok")
	})
	snapLink := `<li><a href="snapshot.json">/snapshot.json</a> (redacted)</li>`
	switch {
	case o.NoSnapshot:
		snapLink = ""
	case o.FullSnapshot:
		snapLink = `<li><a href="snapshot.json">/snapshot.json</a> (full)</li>`
	}
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>gtm</title><h1>gtm serve</h1><ul><li><a href="metrics">/metrics</a> (Prometheus)</li>%s<li><a href="healthz">/healthz</a></li><li><a href="livez">/livez</a></li></ul>`, snapLink)
	})
	return checkHost(requireToken(mux, o.Token, "/healthz", "/livez"), o.Hosts)
}

// writeBody sends a body shared by every client: it is written from the
// shared bytes, never copied per request.
func writeBody(w http.ResponseWriter, contentType string, gz bool, data []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Vary", "Accept-Encoding")
	if gz {
		w.Header().Set("Content-Encoding", "gzip")
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.Write(data)
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

// exposed is one snapshot's /metrics or /snapshot.json body, built once
// and served to every client until the next snapshot; the gzipped form is
// made on the first request that asks for it.
type exposed struct {
	text []byte
	gz   []byte
}

// exposition returns the current snapshot's body, encoding it on the first
// scrape after an Update.
func (e *Exporter) exposition(wantGzip bool) ([]byte, error) {
	fams := e.gather()
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(fams) == 0 {
		return nil, nil
	}
	if e.body == nil || e.bodyOf != &fams[0] {
		var text bytes.Buffer
		writeText(&text, fams)
		e.body, e.bodyOf = &exposed{text: text.Bytes()}, &fams[0]
	}
	if !wantGzip {
		return e.body.text, nil
	}
	if e.body.gz == nil {
		e.body.gz = gzipped(&e.zw, e.body.text)
	}
	return e.body.gz, nil
}

// snapshotJSON returns the current snapshot as /snapshot.json serves it
// (nil before the first): redacted unless full, encoded on the first
// request after an Update and shared by every request until the next, so a
// client costs no copy of a snapshot however slowly it reads. Requests that
// arrive while it is encoded wait for that one encoding.
func (e *Exporter) snapshotJSON(full, wantGzip bool) ([]byte, error) {
	e.mu.Lock()
	s, gen := e.snap, e.gen
	e.mu.Unlock()
	if s == nil {
		return nil, nil
	}
	e.jsonMu.Lock()
	defer e.jsonMu.Unlock()
	if e.json == nil || e.jsonGen != gen || e.jsonFull != full {
		if !full {
			// Whatever the snapshot says of itself: a capture recorded
			// with an older gtm's --redact says "redacted" and may still
			// hold what this one cuts. Redacting twice changes nothing.
			s = redact.Snapshot(s)
		}
		var buf bytes.Buffer
		if err := s.WriteJSON(&buf); err != nil {
			return nil, err
		}
		e.json, e.jsonGen, e.jsonFull = &exposed{text: buf.Bytes()}, gen, full
		e.jsonEncodes++
	}
	if !wantGzip {
		return e.json.text, nil
	}
	if e.json.gz == nil {
		e.json.gz = gzipped(&e.jsonZW, e.json.text)
	}
	return e.json.gz, nil
}

// gzipped compresses text with *zw, made on first use and reused after
// (a gzip writer's tables are large).
func gzipped(zw **gzip.Writer, text []byte) []byte {
	var gz bytes.Buffer
	if *zw == nil {
		*zw, _ = gzip.NewWriterLevel(&gz, gzip.BestSpeed)
	} else {
		(*zw).Reset(&gz)
	}
	(*zw).Write(text)
	(*zw).Close()
	return gz.Bytes()
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

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/app/metrics"
	"github.com/gputaskman/gtm/app/redact"
	"github.com/gputaskman/gtm/internal/safefile"
)

const serveUsage = `gtm serve — Prometheus metrics for this machine's GPUs.

Usage:
  gtm serve [--listen 127.0.0.1:9835] [-i N] [flags]

Takes a snapshot every interval and serves the newest one:
  /metrics        Prometheus metrics (names: docs/metrics.md)
  /snapshot.json  the same snapshot as gtm --json, redacted as --redact
                  does unless --full-snapshot: no command lines or working
                  directories, every path (model ids too) cut to its file
                  name, user and host names replaced (none: --no-snapshot)
  /healthz        200 while snapshots keep coming, 503 otherwise
  /livez          200 while the server answers (a liveness probe)
Scrapes never collect: any number of scrapers cost one collection per
interval. Listens on loopback unless --listen names another address;
every local user can read what is served (docs/metrics.md says what),
unless --token-file names a bearer token that every request but
/healthz and /livez must then carry (Authorization: Bearer TOKEN; 401
without it). Answers only requests addressed to this machine (a loopback
address, localhost, the address connected to, the --listen host, this
machine's name, --allow-host names): others get 421. At most 64
connections are served at once; more wait.
Exit status: 0 when stopped (Ctrl+C or SIGTERM), 1 when the address cannot
be listened on or the capture or token file read, 2 on a usage error.

Flags:
`

type serveOptions struct {
	listen, procRoot, replay, tokenFile string
	interval                            float64
	redact, fullSnapshot, noSnapshot    bool
	llmLogs, allowHosts                 []string
	trust                               *bool
	trace                               traceFlags

	// From the flags above, once checked:
	host  string        // --listen's host
	every time.Duration // --interval
	token []byte        // --token-file's token; never printed
	plat  platform
}

func runServe(args []string, e env) int {
	o, code, done := parseServe(args, e)
	if done {
		return code
	}
	src, closeFn, code := serveSource(e, o)
	if code != exitOK {
		return code
	}
	defer closeFn()

	ln, err := net.Listen("tcp", o.listen)
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm serve: %v\n", oneLine(err))
		return exitRuntime
	}
	if ip := net.ParseIP(o.host); o.host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		if o.token == nil {
			fmt.Fprintf(e.stderr, "gtm serve: listening on %s: reachable from other machines (process and model names are in the metrics; consider --token-file and --redact)\n", ln.Addr())
		} else {
			fmt.Fprintf(e.stderr, "gtm serve: listening on %s: reachable from other machines, answered with the --token-file token only\n", ln.Addr())
		}
	}
	if o.fullSnapshot {
		fmt.Fprintln(e.stderr, "gtm serve: --full-snapshot: /snapshot.json shows every process's command line, paths and user to anyone who can connect")
	}
	ctx, stop := untilInterrupted()
	defer stop()
	exp := metrics.New()
	go collectInto(ctx, src, o.every, o.redact, exp)
	return serveUntil(ctx, e, ln, exp, o)
}

// parseServe parses and checks gtm serve's flags; done is true when
// runServe should return code.
func parseServe(args []string, e env) (o serveOptions, code int, done bool) {
	fs := flag.NewFlagSet("gtm serve", flag.ContinueOnError)
	fs.StringVar(&o.listen, "listen", "127.0.0.1:9835", "serve on `ADDR` (host:port); another host than loopback makes the metrics reachable from other machines")
	fs.Float64VarP(&o.interval, "interval", "i", 5, "take a snapshot every `N` seconds")
	fs.BoolVar(&o.redact, "redact", false, "redact everything served, metrics included: no command lines or working directories, every path (model ids too) cut to its file name, user and host names replaced")
	fs.BoolVar(&o.fullSnapshot, "full-snapshot", false, "serve /snapshot.json unredacted: every process's command line, working directory, executable and model paths and user, which /proc hides from other users, to anyone who can connect (on loopback: every local user)")
	fs.BoolVar(&o.noSnapshot, "no-snapshot", false, "do not serve /snapshot.json (404): /metrics alone shows the processes")
	fs.StringVar(&o.tokenFile, "token-file", "", "answer only requests that carry the bearer token in `FILE` (Authorization: Bearer TOKEN, as Prometheus's authorization.credentials_file sends it); /healthz and /livez stay open for probes. Read once at start: a file of at most 4 KiB, its token at least 16 printable characters, surrounding white space ignored")
	fs.StringArrayVar(&o.allowHosts, "allow-host", nil, "also answer requests for host `NAME` (how scrapers reach this machine through a DNS name or a forwarded port; repeatable)")
	fs.StringVar(&o.replay, "replay", "", "serve a capture (`FILE` from gtm record or --json) instead of this machine, one snapshot per interval, looping")
	fs.StringVar(&o.procRoot, "proc-root", "/proc", "where to read process details (a `dir` mounted like /proc)")
	o.trust = trustProcRootFlag(fs)
	hostRoot := hostRootFlag(fs)
	criSocket := criSocketFlag(fs)
	journalDirs := journalDirFlag(fs)
	fs.StringArrayVar(&o.llmLogs, "llm-log", nil, "read llama.cpp buffer sizes for process PID from its log (`PID=PATH`; repeatable)")
	addTraceFlags(fs, &o.trace)
	if code, done := parseSubcommandN(fs, args, e, serveUsage, "no arguments", 0); done {
		return o, code, true
	}
	usageErr := func(format string, a ...any) (serveOptions, int, bool) {
		fmt.Fprintf(e.stderr, "gtm serve: "+format+"\n", a...)
		return o, exitUsage, true
	}
	if o.interval < 0.05 || o.interval > 3600 {
		return usageErr("--interval must be between 0.05 and 3600 seconds, got %g", o.interval)
	}
	host, _, err := net.SplitHostPort(o.listen)
	if err != nil {
		return usageErr("--listen %q: want host:port, e.g. 127.0.0.1:9835", o.listen)
	}
	llmLogs, err := parseLLMLogs(o.llmLogs)
	if err != nil {
		return usageErr("%v", err)
	}
	if err := checkHostRoot(fs, *hostRoot); err != nil {
		return usageErr("%v", err)
	}
	if err := checkCRISocket(*criSocket); err != nil {
		return usageErr("%v", err)
	}
	if err := checkJournalDirs(*journalDirs); err != nil {
		return usageErr("%v", err)
	}
	if o.redact && o.fullSnapshot {
		return usageErr("--redact and --full-snapshot contradict each other; choose one")
	}
	if o.noSnapshot && o.fullSnapshot {
		return usageErr("--no-snapshot and --full-snapshot contradict each other; choose one")
	}
	if fs.Changed("token-file") {
		token, open, err := readToken(o.tokenFile)
		if err != nil {
			fmt.Fprintf(e.stderr, "gtm serve: --token-file: %v\n", oneLine(err))
			return o, exitRuntime, true
		}
		if open {
			fmt.Fprintf(e.stderr, "gtm serve: --token-file %s is readable by every local user: so is everything served\n", o.tokenFile)
		}
		o.token = token
	}
	o.host = host
	o.every = time.Duration(o.interval * float64(time.Second))
	if err := o.trace.check(o.replay); err != nil {
		return usageErr("%v", err)
	}
	o.plat = platform{procRoot: o.procRoot, llmLogs: llmLogs, opts: platformOptions{TrustProcRoot: *o.trust,
		TraceOpens: o.trace.opens, TracePaths: o.trace.paths, HostRoot: *hostRoot, CRISocket: *criSocket, JournalDirs: *journalDirs}}
	return o, exitOK, false
}

// serveSource is what gtm serve collects from: a capture, looping, or
// this machine.
func serveSource(e env, o serveOptions) (src collect.Provider, closeFn func(), code int) {
	if o.replay != "" {
		c, err := loadCapture(o.replay)
		if err != nil {
			fmt.Fprintf(e.stderr, "gtm serve: --replay %s: %v\n", o.replay, err)
			return nil, nil, exitRuntime
		}
		warnCapture(e.stderr, "gtm serve: --replay "+o.replay, c.Warnings)
		tl := capture.NewTimeline(c.Snapshots)
		tl.SetLoop(true)
		return tl, func() {}, exitOK
	}
	if fi, err := os.Stat(o.procRoot); err != nil || !fi.IsDir() {
		fmt.Fprintf(e.stderr, "gtm serve: --proc-root %s is not a directory\n", o.procRoot)
		return nil, nil, exitUsage
	}
	c, closeFn := o.plat.collector(e, "gtm serve", o.every)
	return c, closeFn, exitOK
}

// serveUntil serves exp's metrics on ln until ctx ends (then shuts the
// server down) or serving fails.
func serveUntil(ctx context.Context, e env, ln net.Listener, exp *metrics.Exporter, o serveOptions) int {
	handler := exp.Handler(metrics.Options{Interval: o.every, FullSnapshot: o.fullSnapshot, NoSnapshot: o.noSnapshot,
		Hosts: serveHosts(o.host, o.allowHosts), Token: o.token})
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute}
	fmt.Fprintf(e.stderr, "gtm serve: http://%s/metrics (a snapshot every %s)\n", ln.Addr(), o.every)
	done := make(chan error, 1)
	// Every client shares the same bodies; the cap bounds what the
	// connections themselves cost (buffers, goroutines).
	go func() { done <- srv.Serve(metrics.LimitListener(ln, metrics.MaxConnections)) }()
	select {
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(e.stderr, "gtm serve: %v\n", oneLine(err))
			return exitRuntime
		}
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}
	return exitOK
}

// serveHosts are the Host names serve answers besides loopback addresses,
// localhost and the address a client connected to: the --listen host (an
// unspecified one, 0.0.0.0 or ::, names nothing), this machine's name and
// the operator's --allow-host names.
func serveHosts(listenHost string, allow []string) []string {
	hosts := append([]string(nil), allow...)
	if ip := net.ParseIP(listenHost); listenHost != "" && (ip == nil || !ip.IsUnspecified()) {
		hosts = append(hosts, listenHost)
	}
	if name, err := os.Hostname(); err == nil && name != "" {
		hosts = append(hosts, name)
	}
	return hosts
}

// collectInto takes a snapshot every interval (the first at once) and
// hands it to the exporter, until ctx ends. A collection that overruns the
// interval delays the next one; it never piles up.
func collectInto(ctx context.Context, src collect.Provider, interval time.Duration, redactSnap bool, exp *metrics.Exporter) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		start := time.Now()
		s := src.Collect(ctx)
		took := time.Since(start)
		if redactSnap {
			s = redact.Snapshot(s)
		}
		exp.Update(s, took)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Bounds on --token-file: a shorter token is guessable over the network; a
// larger file holds no token a scraper sends in a header.
const (
	minTokenLen  = 16
	maxTokenFile = 4096
)

// readToken reads --token-file once: a regular file of at most
// maxTokenFile bytes (a FIFO is refused, never waited on), following links
// as a Kubernetes Secret volume's are. Surrounding white space (a final
// newline) is not part of the token; what remains must be printable ASCII
// without spaces, as an HTTP header carries it. worldReadable says any
// local user can read the file. Errors name the file, never its content.
func readToken(path string) (token []byte, worldReadable bool, err error) {
	f, fi, err := safefile.Open(path, maxTokenFile)
	if err != nil {
		return nil, false, err
	}
	b, err := safefile.ReadAll(f, path, maxTokenFile, safefile.DefaultTimeout)
	if err != nil {
		return nil, false, err
	}
	b = bytes.TrimSpace(b)
	if len(b) < minTokenLen {
		return nil, false, fmt.Errorf("%s: the token must be at least %d characters, not %d", path, minTokenLen, len(b))
	}
	for _, c := range b {
		if c <= ' ' || c > '~' {
			return nil, false, fmt.Errorf("%s: the token must be printable ASCII without spaces", path)
		}
	}
	return b, fi.Mode().Perm()&0o004 != 0, nil
}

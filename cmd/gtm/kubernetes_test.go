package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/gputaskman/gtm/app/metrics"
	"github.com/gputaskman/gtm/internal/schema"
)

// daemonSetArgs is the gtm container's args in the Kubernetes DaemonSet
// (packaging/kubernetes/daemonset.yaml).
func daemonSetArgs(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../../packaging/kubernetes/daemonset.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	for {
		var doc struct {
			Kind string `yaml:"kind"`
			Spec struct {
				Template struct {
					Spec struct {
						Containers []struct {
							Args []string `yaml:"args"`
						} `yaml:"containers"`
					} `yaml:"spec"`
				} `yaml:"template"`
			} `yaml:"spec"`
		}
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			t.Fatal("daemonset.yaml has no DaemonSet")
		}
		if err != nil {
			t.Fatal(err)
		}
		if doc.Kind == "DaemonSet" && len(doc.Spec.Template.Spec.Containers) == 1 {
			return doc.Spec.Template.Spec.Containers[0].Args
		}
	}
}

// scrapeToken stands in for the DaemonSet's Secret: args with its
// --token-file pointing at a file holding a fresh token, and the token.
func scrapeToken(t *testing.T, args []string) ([]string, string) {
	t.Helper()
	token := "daemonset-test-token-0123456789"
	file := filepath.Join(t.TempDir(), "token")
	must(t, os.WriteFile(file, []byte(token+"\n"), 0o400))
	local := make([]string, len(args))
	for i, a := range args {
		if strings.HasPrefix(a, "--token-file=") {
			a = "--token-file=" + file
		}
		local[i] = a
	}
	return local, token
}

// TestDaemonSetArgs: gtm serve accepts the DaemonSet's arguments as they
// are written there.
func TestDaemonSetArgs(t *testing.T) {
	args := daemonSetArgs(t)
	if len(args) == 0 || args[0] != "serve" {
		t.Fatalf("args %q: want serve first", args)
	}
	// The node's mounts and the Secret, where the pod has them, under a
	// stand-in root.
	root := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(root, "host", "proc"), 0o755))
	local, token := scrapeToken(t, args)
	for i, a := range local {
		local[i] = strings.ReplaceAll(a, "=/host", "="+filepath.Join(root, "host"))
	}
	var out, errb strings.Builder
	o, code, done := parseServe(local[1:], env{stdout: &out, stderr: &errb})
	if done {
		t.Fatalf("gtm %s: exit %d: %s", strings.Join(local, " "), code, errb.String())
	}
	if o.procRoot != filepath.Join(root, "host", "proc") {
		t.Errorf("--proc-root %q: the DaemonSet's /proc mount is not what gtm reads", o.procRoot)
	}
	if string(o.token) != token || !o.noSnapshot {
		t.Errorf("the DaemonSet's gtm serve takes no token (%v) or serves /snapshot.json (%v)", o.token != nil, !o.noSnapshot)
	}
}

// TestDaemonSetAnswersScrapesByPodIP: Prometheus (and the kubelet's probes)
// reach the agent at its pod IP and send that address as Host. With the
// DaemonSet's --listen and no --allow-host, such a request is answered; a
// DNS name is not (421), which is why the manifests scrape pods by address.
// A scrape without the Secret's token gets 401; the probes need none.
// A non-loopback address of this machine stands in for the pod IP.
func TestDaemonSetAnswersScrapesByPodIP(t *testing.T) {
	podIP := nonLoopbackIP(t)
	dsArgs, token := scrapeToken(t, daemonSetArgs(t))
	var args []string
	for _, a := range dsArgs[1:] {
		// --host-root only matters to collection, which this test does
		// not do; leaving it out keeps the Host check testable on its own.
		if !strings.HasPrefix(a, "--host-root") {
			args = append(args, a)
		}
	}
	var errb strings.Builder
	o, code, done := parseServe(args, env{stdout: io.Discard, stderr: &errb})
	if done {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(o.host, "0")) // the DaemonSet's host, any free port
	if err != nil {
		t.Fatal(err)
	}
	exp := metrics.New()
	exp.Update(&schema.Snapshot{SchemaVersion: schema.SchemaVersion, TakenAt: time.Now().UTC()}, time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan int, 1)
	go func() { served <- serveUntil(ctx, env{stdout: io.Discard, stderr: io.Discard}, ln, exp, o) }()
	defer func() { cancel(); <-served }()

	port := ln.Addr().(*net.TCPAddr).Port
	at := net.JoinHostPort(podIP, fmt.Sprint(port))
	get := func(host, path, token string) int {
		req, err := http.NewRequest(http.MethodGet, "http://"+at+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := get(at, "/metrics", token); code != http.StatusOK {
		t.Errorf("GET /metrics with Host %s (the pod IP) and the token: %d, want 200", at, code)
	}
	for _, path := range []string{"/healthz", "/livez"} {
		if code := get(at, path, ""); code != http.StatusOK {
			t.Errorf("GET %s with Host %s (the pod IP), as the kubelet's probe: %d, want 200", path, at, code)
		}
	}
	if code := get(at, "/metrics", ""); code != http.StatusUnauthorized {
		t.Errorf("GET /metrics from another pod, without the token: %d, want 401", code)
	}
	if code := get(at, "/snapshot.json", token); code != http.StatusNotFound {
		t.Errorf("GET /snapshot.json: %d, want 404 (--no-snapshot)", code)
	}
	if code := get("gtm.gtm.svc:9835", "/metrics", token); code != http.StatusMisdirectedRequest {
		t.Errorf("Host gtm.gtm.svc: %d, want 421 unless --allow-host names it", code)
	}
}

func nonLoopbackIP(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Skipf("no interface addresses: %v", err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil && !n.IP.IsLinkLocalUnicast() {
			return n.IP.String()
		}
	}
	t.Skip("this machine has no non-loopback IPv4 address to stand in for a pod IP")
	return ""
}

//go:build nogui

package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRealPrometheusScrapesServe starts a real Prometheus (the Debian
// package `prometheus`, installed by `scripts/install-deps.sh
// --prometheus`, which `make test` runs) on a loopback port, scraping
// `gtm serve --replay` on another every second. After two scrapes it asks
// Prometheus's HTTP API for a device, a per-process VRAM and a per-model
// KV series. Runs in the -tags nogui pass of `make test` only (once).
func TestRealPrometheusScrapesServe(t *testing.T) {
	prom, err := exec.LookPath("prometheus")
	if err != nil {
		t.Skip("prometheus is not installed (Debian package prometheus; scripts/install-deps.sh --prometheus installs it): real-Prometheus test skipped")
	}
	// The shipped example configuration is valid too.
	if promtool, err := exec.LookPath("promtool"); err == nil {
		if out, err := exec.Command(promtool, "check", "config", "../../packaging/prometheus/prometheus.yml").CombinedOutput(); err != nil {
			t.Errorf("promtool check config packaging/prometheus/prometheus.yml: %v\n%s", err, out)
		}
	}
	target := strings.TrimPrefix(startServe(t, "--replay", serveCapture(t), "-i", "0.5"), "http://")

	dir := t.TempDir()
	config := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(config, []byte(fmt.Sprintf(`global:
  scrape_interval: 1s
  scrape_timeout: 1s
  evaluation_interval: 1s
scrape_configs:
  - job_name: gtm
    static_configs:
      - targets: ['%s']
`, target)), 0o644); err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(freePort(t))
	api := "http://127.0.0.1:" + port
	cmd := exec.Command(prom, "--config.file="+config, "--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address=127.0.0.1:"+port, "--log.level=warn")
	logf, _ := os.Create(filepath.Join(dir, "prometheus.log"))
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			b, _ := os.ReadFile(filepath.Join(dir, "prometheus.log"))
			t.Logf("prometheus log:\n%s", b)
		}
	}()

	// Two scrapes of gtm, each up.
	deadline := time.Now().Add(60 * time.Second)
	for {
		if v, ok := promScalar(t, api, `sum_over_time(up{job="gtm"}[5m])`); ok && v >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("Prometheus did not scrape gtm serve twice within 60 s")
		}
		time.Sleep(300 * time.Millisecond)
	}

	snap, llama := serveSnapshot(t), llamaServer(t)
	for query, want := range map[string]uint64{
		`gtm_device_memory_used_bytes{job="gtm",device="0"}`:                                                                      *snap.Devices[0].MemoryUsedBytes,
		fmt.Sprintf(`gtm_process_vram_bytes{job="gtm",name="llama-server",pid="%d"}`, llama.PID):                                  *llama.VRAMBytes,
		`gtm_model_memory_bytes{job="gtm",kind="kv_cache",model="Qwen3-8B-Q4_K_M.gguf",process="llama-server",source="reported"}`: llama.LLM.KVCache.Bytes,
	} {
		v, ok := promScalar(t, api, query)
		if !ok || v != float64(want) {
			t.Errorf("%s = %v (found %v), want %v", query, v, ok, want)
		}
	}
}

// promScalar runs an instant query and returns the value of its single
// result.
func promScalar(t *testing.T, api, query string) (float64, bool) {
	t.Helper()
	code, body := httpGet(t, api+"/api/v1/query?query="+url.QueryEscape(query))
	if code != 200 {
		return 0, false
	}
	var r struct {
		Status string `json:"status"`
		Data   struct {
			Result []struct {
				Value [2]any `json:"value"`
			} `json:"result"`
		} `json:"data"`
	}
	if json.Unmarshal([]byte(body), &r) != nil || r.Status != "success" || len(r.Data.Result) != 1 {
		return 0, false
	}
	s, _ := r.Data.Result[0].Value[1].(string)
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

package metrics

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

// knownNames are the metric names the exporter can emit.
func knownNames() map[string]bool {
	out := map[string]bool{}
	re := regexp.MustCompile(`fqName: "([a-z_]+)"`)
	for _, d := range allDefs {
		if m := re.FindStringSubmatch(descs()[d].String()); m != nil && m[1] == d.name {
			out[m[1]] = true
		}
	}
	return out
}

// TestDocsNameEveryMetric: docs/metrics.md documents every metric, and
// names none that does not exist.
func TestDocsNameEveryMetric(t *testing.T) {
	b, err := os.ReadFile("../../docs/metrics.md")
	if err != nil {
		t.Fatal(err)
	}
	known := knownNames()
	if len(known) != len(allDefs) {
		t.Fatalf("read %d names from %d metrics", len(known), len(allDefs))
	}
	for name := range known {
		if !strings.Contains(string(b), "`"+name) {
			t.Errorf("docs/metrics.md does not document %s", name)
		}
	}
	for _, m := range regexp.MustCompile(`gtm_[a-z_]+`).FindAllString(string(b), -1) {
		if !known[m] {
			t.Errorf("docs/metrics.md names %s, which gtm does not export", m)
		}
	}
}

// TestDashboardUsesRealMetrics: the Grafana dashboard parses, and each of
// its queries names only metrics gtm exports.
func TestDashboardUsesRealMetrics(t *testing.T) {
	b, err := os.ReadFile("../../packaging/grafana/gtm-dashboard.json")
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(b, &dash); err != nil || len(dash.Panels) == 0 {
		t.Fatalf("dashboard: %v (%d panels)", err, len(dash.Panels))
	}
	known := knownNames()
	for _, p := range dash.Panels {
		for _, tg := range p.Targets {
			names := regexp.MustCompile(`gtm_[a-z_]+`).FindAllString(tg.Expr, -1)
			if len(names) == 0 {
				t.Errorf("%s: query %q uses no gtm metric", p.Title, tg.Expr)
			}
			for _, n := range names {
				if !known[n] {
					t.Errorf("%s: %s is not a gtm metric", p.Title, n)
				}
			}
		}
	}
}

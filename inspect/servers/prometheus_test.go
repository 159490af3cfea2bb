package servers

import (
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

func TestParsePrometheusLines(t *testing.T) {
	cases := []struct {
		line   string
		name   string
		labels map[string]string
		value  float64 // NaN checked with IsNaN
		bad    bool
	}{
		{line: "llamacpp:requests_processing 2", name: "llamacpp:requests_processing", value: 2},
		{line: "  up 1  ", name: "up", value: 1},
		{line: "x 1.2345e+06", name: "x", value: 1234500},
		{line: "x 7 1712345678000", name: "x", value: 7}, // timestamp
		{line: "x NaN", name: "x", value: math.NaN()},
		{line: "x nan", name: "x", value: math.NaN()},
		{line: "x -nan", name: "x", value: math.NaN()},
		{line: "x +Inf", name: "x", value: math.Inf(1)},
		{line: "x -Inf", name: "x", value: math.Inf(-1)},
		{line: "x inf", name: "x", value: math.Inf(1)},
		{line: "x 1e999", name: "x", value: math.Inf(1)},
		{line: "x\t3", name: "x", value: 3},
		{line: "x 3\r", name: "x", value: 3},
		{line: `vllm:num_requests_running{engine="0",model_name="Qwen/Qwen3-0.6B"} 3.0`, name: "vllm:num_requests_running",
			labels: map[string]string{"engine": "0", "model_name": "Qwen/Qwen3-0.6B"}, value: 3},
		{line: `x{a="1",} 1`, name: "x", labels: map[string]string{"a": "1"}, value: 1},
		{line: `x{} 1`, name: "x", value: 1},
		{line: `x { a = "q\"uo\\te\nnl\t" , b="" } 1`, name: "x", labels: map[string]string{"a": "q\"uo\\te\nnl\\t", "b": ""}, value: 1},
		{line: `x{le="+Inf"} 812`, name: "x", labels: map[string]string{"le": "+Inf"}, value: 812},
		{line: `x{a="}"} 1`, name: "x", labels: map[string]string{"a": "}"}, value: 1},
		{line: "x", bad: true},
		{line: "x abc", bad: true},
		{line: "x 1 2 3", bad: true},
		{line: "1x 1", bad: true},
		{line: `x{a="1" 1`, bad: true},
		{line: `x{a="1 1`, bad: true},
		{line: `x{a=1} 1`, bad: true},
		{line: `x{1a="1"} 1`, bad: true},
		{line: `x{a:b="1"} 1`, bad: true},
		{line: `x{a="1"b="2"} 1`, bad: true},
		{line: `x{a="\`, bad: true},
		{line: `{"x"} 1`, bad: true},
		{line: `x{} `, bad: true},
	}
	for _, c := range cases {
		samples, bad := ParsePrometheus([]byte(c.line))
		if c.bad {
			if bad != 1 || len(samples) != 0 {
				t.Errorf("%q: %d bad, samples %+v; want it rejected", c.line, bad, samples)
			}
			continue
		}
		if bad != 0 || len(samples) != 1 {
			t.Errorf("%q: %d bad, samples %+v", c.line, bad, samples)
			continue
		}
		s := samples[0]
		sameValue := s.Value == c.value || math.IsNaN(c.value) && math.IsNaN(s.Value)
		if s.Name != c.name || !maps.Equal(s.Labels, c.labels) || !sameValue {
			t.Errorf("%q: got %q %q %v", c.line, s.Name, s.Labels, s.Value)
		}
	}
}

func TestParsePrometheusBody(t *testing.T) {
	body := "# HELP a A.\n# TYPE a gauge\na 1\r\n\n  # indented comment\nbroken line here\nb{x=\"1\"} 2\nb{x=\"2\"} 3\nb{x=\"3\"} NaN\nc -1"
	samples, bad := ParsePrometheus([]byte(body))
	if bad != 1 || len(samples) != 5 {
		t.Fatalf("bad %d samples %+v", bad, samples)
	}
	m := metrics(samples)
	if v, ok := m.sum("b"); !ok || v != 5 {
		t.Errorf("sum b = %v %v", v, ok)
	}
	if v, ok := m.max("b"); !ok || v != 3 {
		t.Errorf("max b = %v %v", v, ok)
	}
	if _, ok := m.sum("missing"); ok {
		t.Error("sum of a missing metric is known")
	}
	if countOf(m.sum("c")) != nil {
		t.Error("a negative count is known")
	}
	if !m.has("b") || m.has("vllm:") {
		t.Error("has")
	}
}

func TestParsePrometheusRecorded(t *testing.T) {
	files, _ := filepath.Glob("testdata/*/*.txt")
	if len(files) < 4 {
		t.Fatalf("recorded metrics: %q", files)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		samples, bad := ParsePrometheus(b)
		if bad != 0 || len(samples) < 8 {
			t.Errorf("%s: %d samples, %d bad", f, len(samples), bad)
		}
	}
}

func TestParsePrometheusCap(t *testing.T) {
	body := strings.Repeat("x 1\n", maxSamples+10)
	samples, bad := ParsePrometheus([]byte(body))
	if len(samples) != maxSamples || bad != 10 {
		t.Errorf("%d samples, %d bad", len(samples), bad)
	}
}

// formatSamples writes samples back as Prometheus text, for round trips.
func formatSamples(samples []Sample) string {
	var b strings.Builder
	for _, s := range samples {
		b.WriteString(s.Name)
		if s.Labels != nil {
			b.WriteByte('{')
			keys := slices.Collect(maps.Keys(s.Labels))
			sort.Strings(keys)
			for i, k := range keys {
				if i > 0 {
					b.WriteByte(',')
				}
				v := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s.Labels[k])
				b.WriteString(k + `="` + v + `"`)
			}
			b.WriteByte('}')
		}
		b.WriteString(" " + strconv.FormatFloat(s.Value, 'g', -1, 64) + "\n")
	}
	return b.String()
}

// SGLang's tensor-parallel ranks each report the engine's one batch: the
// queue is the first rank's, not their sum; data-parallel engines add.
func TestSGLangMetricsCountRankZero(t *testing.T) {
	body := []byte(`sglang:num_queue_reqs{model_name="m",tp_rank="0",pp_rank="0",dp_rank="0"} 5.0
sglang:num_queue_reqs{model_name="m",tp_rank="1",pp_rank="0",dp_rank="0"} 5.0
sglang:num_queue_reqs{model_name="m",tp_rank="0",pp_rank="0",dp_rank="1"} 2.0
sglang:num_queue_reqs{model_name="m",tp_rank="1",pp_rank="0",dp_rank="1"} 2.0
sglang:gen_throughput{model_name="m",tp_rank="0"} 40.0
sglang:gen_throughput{model_name="m",tp_rank="1"} 40.0
`)
	m, _ := ParsePrometheus(body)
	var s SGLangState
	s.applyMetrics(metrics(m))
	if s.RequestsQueued == nil || *s.RequestsQueued != 7 || s.GenThroughput == nil || *s.GenThroughput != 40 {
		t.Errorf("queued %v throughput %v, want 7 (two DP engines) and 40", s.RequestsQueued, s.GenThroughput)
	}
}

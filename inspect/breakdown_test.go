package inspect

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	mib := func(v uint64) *uint64 { x := v << 20; return &x }
	// A llama-server with a buffer log: everything reported, remainder
	// inferred.
	b := Split(BreakdownInput{MeasuredVRAM: mib(2000), ReportedWeights: mib(604), ReportedKV: mib(896),
		ReportedCompute: mib(300), ReportedFrom: "log", EstimatedWeights: mib(999), EstimatedKV: mib(999)})
	if b.Weights.Source != "reported" || b.Weights.Bytes != 604<<20 || b.KVCache.From != "log" {
		t.Errorf("reported must win over estimates: %+v %+v", b.Weights, b.KVCache)
	}
	if b.Other == nil || *b.Other.Bytes != 200<<20 || b.Other.Exceeded || b.Other.Source != "inferred" {
		t.Errorf("other = %+v", b.Other)
	}
	if b.Output != nil {
		t.Error("no output buffer reported: must be nil, not 0")
	}

	// No log: estimates only, compute unknown.
	b = Split(BreakdownInput{MeasuredVRAM: mib(1600), EstimatedWeights: mib(604), EstimatedKV: mib(896)})
	if b.Weights.Source != "estimated" || b.Weights.From != "gguf" || b.Compute != nil || *b.Other.Bytes != 100<<20 {
		t.Errorf("estimates: %+v", b)
	}

	// Estimates above the measurement: never a negative number.
	b = Split(BreakdownInput{MeasuredVRAM: mib(1000), EstimatedWeights: mib(604), EstimatedKV: mib(896)})
	if b.Other == nil || b.Other.Bytes != nil || !b.Other.Exceeded {
		t.Errorf("exceeded: %+v", b.Other)
	}
	js, _ := json.Marshal(b.Other)
	if !strings.Contains(string(js), `"bytes":null`) || !strings.Contains(string(js), `"estimates_exceed_measurement":true`) {
		t.Errorf("JSON = %s", js)
	}

	// No measurement (WSL, hidden by the driver): parts, but no remainder.
	b = Split(BreakdownInput{EstimatedWeights: mib(604)})
	if b.Other != nil || b.Weights == nil {
		t.Errorf("unmeasured: %+v", b)
	}
	// Nothing known at all.
	if b := Split(BreakdownInput{MeasuredVRAM: mib(10)}); b.Other != nil || b.Weights != nil {
		t.Errorf("nothing known: %+v", b)
	}
}

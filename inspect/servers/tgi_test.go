package servers

import (
	"context"
	"errors"
	"slices"
	"testing"
)

func TestProbeTGI(t *testing.T) {
	type want struct {
		modelID, dtype, kvFrom, version   string
		maxTotal, maxInput, conc, kvCap   *int64
		queue, batch, batchMax, reqs, gen *int64
		input                             *int64
		errs                              []string
	}
	cases := []struct {
		name   string
		routes map[string]reply
		want   want
	}{
		{
			name:   "3.x: capacity from the gauge, no dtype",
			routes: map[string]reply{"/info": file(t, "tgi", "info.json"), "/metrics": file(t, "tgi", "metrics.txt")},
			want: want{modelID: "meta-llama/Llama-3.1-8B-Instruct", version: "3.3.4", kvFrom: "tgi_batch_max_total_tokens",
				maxTotal: i64(8192), maxInput: i64(8191), conc: i64(128), kvCap: i64(183296),
				queue: i64(2), batch: i64(4), batchMax: i64(9120), reqs: i64(57), gen: i64(14302), input: i64(40211)},
		},
		{
			name:   "2.2: dtype and capacity in /info, /metrics refused",
			routes: map[string]reply{"/info": file(t, "tgi", "info_v2.json"), "/metrics": {status: 500, body: "boom"}},
			want: want{modelID: "/data/models--mistralai--Mistral-7B-Instruct-v0.3/snapshots/e0bc86c23ce5aae1db576c8cca6f06f1f73af2db",
				dtype: "torch.float16", version: "2.2.0", kvFrom: "/info max_batch_total_tokens",
				maxTotal: i64(4096), maxInput: i64(4095), conc: i64(128), kvCap: i64(134560), errs: []string{"/metrics"}},
		},
		{
			name:   "1.4: max_input_length, /info wins over the gauge",
			routes: map[string]reply{"/info": file(t, "tgi", "info_v1.json"), "/metrics": {status: 200, body: "tgi_batch_max_total_tokens 99\ntgi_queue_size -3\n"}},
			want: want{modelID: "bigscience/bloom-560m", dtype: "torch.float16", version: "1.4.0", kvFrom: "/info max_batch_total_tokens",
				maxTotal: i64(2048), maxInput: i64(1024), conc: i64(128), kvCap: i64(16000)},
		},
		{
			name:   "odd /info",
			routes: map[string]reply{"/info": {status: 200, body: `{"model_id":7,"max_total_tokens":-1,"max_batch_total_tokens":"lots"}`}},
			want:   want{errs: []string{"/metrics"}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := ProbeTGI(context.Background(), &fakeGetter{routes: c.routes}, 8080, "")
			if err != nil {
				t.Fatal(err)
			}
			w := c.want
			if s.ModelID != w.modelID || s.ModelDType != w.dtype || s.Version != w.version || s.MaxBatchTotalTokensFrom != w.kvFrom || s.Source != RuntimeReported {
				t.Errorf("model %q dtype %q version %q kvFrom %q", s.ModelID, s.ModelDType, s.Version, s.MaxBatchTotalTokensFrom)
			}
			checkInt(t, "MaxTotalTokens", s.MaxTotalTokens, w.maxTotal)
			checkInt(t, "MaxInputTokens", s.MaxInputTokens, w.maxInput)
			checkInt(t, "MaxConcurrentRequests", s.MaxConcurrentRequests, w.conc)
			checkInt(t, "MaxBatchTotalTokens", s.MaxBatchTotalTokens, w.kvCap)
			checkInt(t, "QueueSize", s.QueueSize, w.queue)
			checkInt(t, "BatchSize", s.BatchSize, w.batch)
			checkInt(t, "BatchCurrentMaxTokens", s.BatchCurrentMaxTokens, w.batchMax)
			checkInt(t, "RequestCount", s.RequestCount, w.reqs)
			checkInt(t, "GeneratedTokens", s.GeneratedTokens, w.gen)
			checkInt(t, "InputTokens", s.InputTokens, w.input)
			if got := errKeys(s.Errors); !slices.Equal(got, w.errs) {
				t.Errorf("Errors = %v, want %q", s.Errors, w.errs)
			}
		})
	}
}

func TestTGIFacts(t *testing.T) {
	g := &fakeGetter{routes: map[string]reply{"/info": file(t, "tgi", "info.json"), "/metrics": file(t, "tgi", "metrics.txt")}}
	f, err := tgi{}.Probe(context.Background(), ProbeRequest{Getter: g, Port: 8080})
	if err != nil {
		t.Fatal(err)
	}
	if f.Status != StatusOK || f.ModelRoot != "meta-llama/Llama-3.1-8B-Instruct" || f.Model != f.ModelRoot || f.ModelDType != "" || f.KVCapacityFrom != "tgi_batch_max_total_tokens" {
		t.Errorf("facts %+v", f)
	}
	checkInt(t, "NCtx", f.NCtx, i64(8192))
	checkInt(t, "KVCapacityTokens", f.KVCapacityTokens, i64(183296))
	checkFloat(t, "RequestsWaiting", f.RequestsWaiting, f64(2))
	checkFloat(t, "RequestsProcessing", f.RequestsProcessing, f64(4))
	checkFloat(t, "GenerationTokens", f.GenerationTokens, f64(14302))
	checkFloat(t, "PromptTokens", f.PromptTokens, f64(40211))
	// What TGI does not report stays unknown.
	checkFloat(t, "KVUsageRatio", f.KVUsageRatio, nil)
	checkFloat(t, "MemoryFraction", f.MemoryFraction, nil)
	checkInt(t, "TensorParallel", f.TensorParallel, nil)

	g = &fakeGetter{routes: map[string]reply{"/info": file(t, "tgi", "info.json")}, key: "k"}
	if f, err := (tgi{}).Probe(context.Background(), ProbeRequest{Getter: g, Port: 1}); err != nil || f.Status != StatusNeedsKey || f.ModelRoot != "" {
		t.Errorf("keyed: %v %+v", err, f)
	}
	if f, err := (tgi{}).Probe(context.Background(), ProbeRequest{Getter: g, Port: 1, APIKey: func() string { return "k" }}); err != nil || f.Status != StatusOK || f.ModelRoot == "" {
		t.Errorf("with the key: %v %+v", err, f)
	}
}

func TestProbeTGIDown(t *testing.T) {
	d := &downGetter{}
	if _, err := ProbeTGI(context.Background(), d, 1, ""); !errors.Is(err, errRefused) || d.calls != 1 {
		t.Errorf("err %v after %d calls", err, d.calls)
	}
}

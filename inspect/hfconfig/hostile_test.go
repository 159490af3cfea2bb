package hfconfig_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfconfig"
)

// classifier is a config.json of the largest size read, nearly all of it
// id2label (a classifier of ~400,000 labels).
func classifier(labels int) []byte {
	var sb strings.Builder
	sb.WriteString(`{"architectures":["BertForSequenceClassification"],"id2label":{`)
	for i := 0; i < labels; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `"%d":"L\"{:}"`, i)
	}
	sb.WriteString(`}}`)
	return []byte(sb.String())
}

// Parsing a config costs about twice its size (its top level is kept as
// raw values); id2label is counted, not decoded into a map (which cost
// 62 MiB for a 4 MiB config).
func TestLargeConfigCostsItsSize(t *testing.T) {
	b := classifier(220_000)
	if len(b) > hfconfig.MaxConfigBytes {
		t.Fatalf("%d bytes: over the limit", len(b))
	}
	var a, z runtime.MemStats
	runtime.ReadMemStats(&a)
	c, err := hfconfig.Parse(b)
	runtime.ReadMemStats(&z)
	if err != nil || c.Kind != hfconfig.KindClassifier {
		t.Fatalf("%v %+v", err, c)
	}
	if got := z.TotalAlloc - a.TotalAlloc; got > 3*uint64(len(b)) {
		t.Fatalf("parsing %d bytes allocated %d", len(b), got)
	}
}

// One label, however it is spelled, still makes a reranker.
func TestOneLabelReranker(t *testing.T) {
	for _, js := range []string{
		`{"architectures":["XForSequenceClassification"],"id2label":{"0":"LABEL_0"}}`,
		`{"architectures":["XForSequenceClassification"],"id2label":{ "0" : {"a":[1,{"b":2}]} }}`,
		`{"architectures":["XForSequenceClassification"],"id2label":{"0:\"x":"y:z"}}`,
	} {
		c, err := hfconfig.Parse([]byte(js))
		if err != nil || c.Kind != hfconfig.KindReranker {
			t.Errorf("%s: %v %+v", js, err, c)
		}
	}
	c, err := hfconfig.Parse(classifier(2))
	if err != nil || c.Kind != hfconfig.KindClassifier {
		t.Errorf("two labels: %v %+v", err, c)
	}
}

// Objects and arrays are decoded into maps and slices only up to
// maxValues values: 4 MiB of tiny top-level keys cost 64 MiB.
func TestManyKeysRefusedCheaply(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`{"architectures":["LlamaForCausalLM"]`)
	for i := 0; sb.Len() < hfconfig.MaxConfigBytes-16; i++ {
		fmt.Fprintf(&sb, `,"%d":1`, i)
	}
	sb.WriteString(`}`)
	b := []byte(sb.String())
	var a, z runtime.MemStats
	runtime.ReadMemStats(&a)
	_, err := hfconfig.Parse(b)
	runtime.ReadMemStats(&z)
	if err == nil || !strings.Contains(err.Error(), "keys (limit") {
		t.Fatalf("parsed: %v", err)
	}
	if got := z.TotalAlloc - a.TotalAlloc; got > 1<<20 {
		t.Fatalf("refusing it allocated %d bytes", got)
	}
	// in text_config, or as an array: absent, with the rest read
	big := strings.Repeat(`"x",`, 5000) + `"x"`
	c, err := hfconfig.Parse([]byte(`{"architectures":["LlamaForCausalLM",` + big + `],"num_hidden_layers":4,"text_config":{"a":[` + big + `]}}`))
	if err != nil || c.Layers != 4 || len(c.Architectures) != 0 {
		t.Fatalf("%v %+v", err, c)
	}
}

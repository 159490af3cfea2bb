package safetensors_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/safetensors"
)

// The streaming decoder reads JSON as encoding/json does where the
// header's meaning depends on it: escapes, white space, members it does
// not know, duplicated names (the last value counts).
func TestParseJSONForms(t *testing.T) {
	u8 := func(begin, end string) string {
		return `{"dtype":"U8","shape":[` + end + `],"data_offsets":[` + begin + `,` + end + `]}`
	}
	for name, c := range map[string]struct {
		js      string
		data    int
		tensors int
		bytes   uint64
		meta    map[string]string
	}{
		"white space":       {" \t\r\n{ \"a\" : {\"dtype\" : \"U8\" , \"shape\" : [ 4 ] , \"data_offsets\" : [ 0 , 4 ] } }  \n ", 4, 1, 4, nil},
		"escaped name":      {`{"a\"b\\c\u00e9\ud83d\ude00":` + u8("0", "4") + `}`, 4, 1, 4, nil},
		"escaped metadata":  {`{"__meta\u0064ata__":{"k\n":"v\u0041\ud800x"}}`, 0, 0, 0, map[string]string{"k\n": "vA\uFFFDx"}},
		"metadata null":     {`{"__metadata__":{"k":null}}`, 0, 0, 0, map[string]string{"k": ""}},
		"unknown members":   {`{"a":{"x":[{"y":[1,-2.5e+3,true,false,null,"s"]}],"dtype":"U8","shape":[4],"data_offsets":[0,4],"z":{}}}`, 4, 1, 4, nil},
		"dtype given twice": {`{"a":{"dtype":"F32","dtype":"U8","shape":[4],"data_offsets":[0,4]}}`, 4, 1, 4, nil},
		// the first "a" overlaps "b"; only the last "a" counts
		"duplicate overlapping": {`{"a":` + u8("0", "4") + `,"b":` + u8("0", "4") + `,"a":{"dtype":"U8","shape":[4],"data_offsets":[4,8]}}`, 8, 2, 8, nil},
		"three times":           {`{"a":` + u8("0", "4") + `,"a":` + u8("0", "4") + `,"a":{"dtype":"U16","shape":[4],"data_offsets":[0,8]}}`, 8, 1, 8, nil},
		"metadata twice":        {`{"__metadata__":{"a":"1"},"__metadata__":{"b":"2"}}`, 0, 0, 0, map[string]string{"b": "2"}},
		"empty":                 {`{}`, 0, 0, 0, nil},
		// an empty tensor holds no bytes: never an overlap, whatever the order
		"empty inside another": {`{"a":{"dtype":"U8","shape":[8],"data_offsets":[0,8]},"b":{"dtype":"U8","shape":[0],"data_offsets":[4,4]},"c":{"dtype":"U8","shape":[0],"data_offsets":[0,0]}}`, 8, 3, 8, nil},
	} {
		b := raw(c.js, c.data)
		h, err := safetensors.Parse(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if h.Tensors != c.tensors || h.TensorBytes != c.bytes {
			t.Errorf("%s: %d tensors, %d bytes; want %d, %d", name, h.Tensors, h.TensorBytes, c.tensors, c.bytes)
		}
		if c.meta != nil && !equalMaps(h.Metadata, c.meta) {
			t.Errorf("%s: metadata %q, want %q", name, h.Metadata, c.meta)
		}
		if name == "three times" && (len(h.DTypes) != 1 || h.DTypes[0].Name != "U16") {
			t.Errorf("%s: dtypes %+v", name, h.DTypes)
		}
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// Strict where it matters: what encoding/json refuses, and the values the
// sums need in the form safetensors writes them.
func TestParseRejectsJSON(t *testing.T) {
	for name, js := range map[string]string{
		"leading zero":                  `{"a":{"dtype":"U8","shape":[04],"data_offsets":[0,4]}}`,
		"fraction":                      `{"a":{"dtype":"U8","shape":[4.0],"data_offsets":[0,4]}}`,
		"exponent":                      `{"a":{"dtype":"U8","shape":[4e0],"data_offsets":[0,4]}}`,
		"over 64 bits":                  `{"a":{"dtype":"U8","shape":[18446744073709551616],"data_offsets":[0,4]}}`,
		"null dim":                      `{"a":{"dtype":"U8","shape":[null],"data_offsets":[0,0]}}`,
		"three offsets":                 `{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4,4]}}`,
		"tensor null":                   `{"a":null}`,
		"tensor number":                 `{"a":1}`,
		"dtype number":                  `{"a":{"dtype":8,"shape":[4],"data_offsets":[0,4]}}`,
		"dtype too long":                `{"a":{"dtype":"` + strings.Repeat("X", 33) + `","shape":[4],"data_offsets":[0,4]}}`,
		"only case differs":             `{"a":{"DTYPE":"U8","shape":[4],"data_offsets":[0,4]}}`,
		"bad escape":                    `{"a\q":1}`,
		"short escape":                  `{"a\u12":1}`,
		"raw newline":                   "{\"a\nb\":1}",
		"bad number":                    `{"a":{"x":-,"dtype":"U8","shape":[4],"data_offsets":[0,4]}}`,
		"bad literal":                   `{"a":{"x":nul,"dtype":"U8","shape":[4],"data_offsets":[0,4]}}`,
		"missing colon":                 `{"a" 1}`,
		"trailing comma":                `{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},}`,
		"unterminated":                  `{"a":{"dtype":"U8"`,
		"deep":                          `{"a":{"x":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}}`,
		"metadata array":                `{"__metadata__":[]}`,
		"two objects":                   `{}{}`,
		"name too long":                 `{"` + strings.Repeat("n", 4097) + `":{"dtype":"U8","shape":[0],"data_offsets":[0,0]}}`,
		"invalid tensor replaced later": `{"a":{"dtype":"U8","shape":[9],"data_offsets":[0,4]},"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]}}`,
	} {
		b := raw(js, 8)
		h, err := safetensors.Parse(bytes.NewReader(b), int64(len(b)))
		if err == nil {
			t.Errorf("%s: parsed: %+v", name, h)
			continue
		}
		if !errors.Is(err, safetensors.ErrFormat) || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "safetensors: ") {
			t.Errorf("%s: error %q", name, err)
		}
	}
}

// Metadata is kept up to MaxMetadataBytes in all, in file order.
func TestMetadataBytesBounded(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`{"__metadata__":{`)
	v := strings.Repeat("v", safetensors.MaxMetadataValue)
	n := 2*safetensors.MaxMetadataBytes/safetensors.MaxMetadataValue + 1
	for i := range n {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(`"k` + string(rune('a'+i%26)) + strings.Repeat("x", i/26) + `":"` + v + `"`)
	}
	sb.WriteString(`}}`)
	b := raw(sb.String(), 0)
	h, err := safetensors.Parse(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for k, v := range h.Metadata {
		total += len(k) + len(v)
	}
	if total > safetensors.MaxMetadataBytes || len(h.Metadata) == 0 || len(h.Metadata) >= n || len(h.Notes) != 1 {
		t.Fatalf("%d entries, %d bytes, notes %q", len(h.Metadata), total, h.Notes)
	}
	if _, ok := h.Metadata["ka"]; !ok {
		t.Fatal("the first entry was not kept")
	}
}

// A value is cut on a rune boundary.
func TestMetadataValueCutOnARune(t *testing.T) {
	v := strings.Repeat("x", safetensors.MaxMetadataValue-1) + "é"
	b := raw(`{"__metadata__":{"k":"`+v+`"}}`, 0)
	h, err := safetensors.Parse(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if got := h.Metadata["k"]; got != v[:safetensors.MaxMetadataValue-1] {
		t.Fatalf("kept %d bytes", len(got))
	}
}

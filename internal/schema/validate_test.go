package schema

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// validator checks a decoded JSON value against the part of JSON Schema
// that snapshotSchema writes: $ref, anyOf, type, enum, minimum, format
// date-time, properties, required, additionalProperties and items. With
// older set, a missing key is allowed: a snapshot written before a key
// was added (which docs/json.md says is not a breaking change).
type validator struct {
	defs  map[string]any
	older bool
}

func newValidator(t *testing.T) (*validator, map[string]any) {
	t.Helper()
	b, err := snapshotSchema()
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return &validator{defs: doc["$defs"].(map[string]any)}, doc
}

// check returns the first way v breaks schema s, "" when it fits.
func (vd *validator) check(s map[string]any, v any, at string) string {
	if ref, ok := s["$ref"].(string); ok {
		return vd.check(vd.defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any), v, at)
	}
	if branches, ok := s["anyOf"].([]any); ok {
		for _, b := range branches {
			if vd.check(b.(map[string]any), v, at) == "" {
				return ""
			}
		}
		return at + ": fits no branch of anyOf"
	}
	if msg := checkType(s, v, at); msg != "" {
		return msg
	}
	switch x := v.(type) {
	case map[string]any:
		return vd.checkObject(s, x, at)
	case []any:
		for i, item := range x {
			if msg := vd.check(s["items"].(map[string]any), item, fmt.Sprintf("%s[%d]", at, i)); msg != "" {
				return msg
			}
		}
	}
	return ""
}

func (vd *validator) checkObject(s map[string]any, obj map[string]any, at string) string {
	props, _ := s["properties"].(map[string]any)
	for _, k := range s["required"].([]any) {
		if _, ok := obj[k.(string)]; !ok && !vd.older {
			return fmt.Sprintf("%s: %q is required", at, k)
		}
	}
	for k, v := range obj {
		p, ok := props[k]
		if !ok {
			return fmt.Sprintf("%s: %q is not in the schema", at, k)
		}
		if msg := vd.check(p.(map[string]any), v, at+"."+k); msg != "" {
			return msg
		}
	}
	return ""
}

// checkType checks type, enum, minimum and format of one value.
func checkType(s map[string]any, v any, at string) string {
	var types []string
	switch typ := s["type"].(type) {
	case string:
		types = []string{typ}
	case []any:
		for _, x := range typ {
			types = append(types, x.(string))
		}
	}
	if len(types) > 0 && !slices.Contains(types, jsonType(v)) &&
		!(jsonType(v) == "integer" && slices.Contains(types, "number")) {
		return fmt.Sprintf("%s: %s, want %v", at, jsonType(v), types)
	}
	if enum, ok := s["enum"].([]any); ok && v != nil && !slices.Contains(enum, v) {
		return fmt.Sprintf("%s: %v is not one of %v", at, v, enum)
	}
	if lo, ok := s["minimum"].(float64); ok {
		if n, isNum := v.(json.Number); isNum {
			if f, _ := n.Float64(); f < lo {
				return fmt.Sprintf("%s: %v is below %v", at, n, lo)
			}
		}
	}
	if str, ok := v.(string); ok && s["format"] == "date-time" {
		if _, err := time.Parse(time.RFC3339Nano, str); err != nil {
			return fmt.Sprintf("%s: %q is not an RFC 3339 time", at, str)
		}
	}
	return ""
}

func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if strings.ContainsAny(x.String(), ".eE") {
			return "number"
		}
		return "integer"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func decode(t *testing.T, b []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber() // integers stay integers
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// The schema describes what gtm writes: the golden snapshot and process
// (written by the collector's tests) have every key; every snapshot of
// the shipped captures fits, less the keys added after it was recorded.
func TestJSONSchemaAcceptsWhatGTMWrites(t *testing.T) {
	vd, doc := newValidator(t)
	process := vd.defs["Process"].(map[string]any)
	for path, s := range map[string]map[string]any{goldenPath: doc, "../../app/snapshot/testdata/process-inspected.golden.json": process} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if msg := vd.check(s, decode(t, b), "$"); msg != "" {
			t.Errorf("%s: %s", path, msg)
		}
	}
	for _, path := range []string{"../../assets/demo/capture.jsonl", "../../app/summary/testdata/capture.jsonl"} {
		vd.older = true
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 64<<20)
		for n := 1; sc.Scan(); n++ {
			if msg := vd.check(doc, decode(t, sc.Bytes()), "$"); msg != "" {
				t.Errorf("%s line %d: %s", path, n, msg)
				break
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
}

// The check above can fail: a wrong type, an unknown key, a missing key,
// a value outside an enum and a negative byte count are each refused.
func TestJSONSchemaRefusesWrongSnapshots(t *testing.T) {
	vd, doc := newValidator(t)
	golden, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string]func(map[string]any){
		"string for an int":  func(s map[string]any) { s["schema_version"] = "1" },
		"unknown key":        func(s map[string]any) { s["host"].(map[string]any)["kernel"] = "6.1" },
		"missing key":        func(s map[string]any) { delete(s, "sources") },
		"not a provenance":   func(s map[string]any) { row(s, 0)["vram_inferred_by"] = "hunch" },
		"negative bytes":     func(s map[string]any) { row(s, 0)["vram_bytes"] = json.Number("-1") },
		"null where no null": func(s map[string]any) { row(s, 0)["pid"] = nil },
		"time that is not":   func(s map[string]any) { s["taken_at"] = "yesterday" },
	} {
		s := decode(t, golden).(map[string]any)
		edit(s)
		if msg := vd.check(doc, s, "$"); msg == "" {
			t.Errorf("%s: accepted", name)
		}
	}
}

func row(s map[string]any, i int) map[string]any {
	return s["processes"].([]any)[i].(map[string]any)
}

package schema

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite docs/json.schema.json from the types")

// jsonSchemaPath is the JSON Schema of a snapshot, derived from the types
// by this file and committed beside docs/json.md.
const jsonSchemaPath = "../../docs/json.schema.json"

// enums are the string types with a closed set of values.
var enums = map[reflect.Type][]string{
	reflect.TypeFor[Provenance](): {string(Matched), string(Guess)},
}

// jsonField is one key of a struct as encoding/json writes it.
type jsonField struct {
	Key       string
	Type      reflect.Type
	OmitEmpty bool
}

// jsonFields lists the keys encoding/json writes for struct t, in order:
// exported fields by their tag, skipping "-", with the fields of an
// untagged embedded struct in place. An exported field without a tag is
// an error: every key is named on purpose.
func jsonFields(t reflect.Type) ([]jsonField, error) {
	var out []jsonField
	for i := range t.NumField() {
		f := t.Field(i)
		tag, hasTag := f.Tag.Lookup("json")
		name, opts, _ := strings.Cut(tag, ",")
		switch {
		case !f.IsExported() || name == "-":
			continue
		case f.Anonymous && name == "":
			inner, err := jsonFields(f.Type)
			if err != nil {
				return nil, err
			}
			out = append(out, inner...)
			continue
		case !hasTag || name == "":
			return nil, fmt.Errorf("%s.%s has no json name", t.Name(), f.Name)
		}
		out = append(out, jsonField{Key: name, Type: f.Type, OmitEmpty: strings.Contains(","+opts+",", ",omitempty,")})
	}
	return out, nil
}

// schemaGen derives a draft 2020-12 JSON Schema from Go types: a named
// struct or enum is one $defs entry; a pointer, slice or map may be null
// unless omitempty leaves it out when nil.
type schemaGen struct {
	defs map[string]any
	errs []error
}

func (g *schemaGen) of(t reflect.Type, nilWritten bool) map[string]any {
	switch t.Kind() {
	case reflect.Pointer:
		return nullable(g.of(t.Elem(), false))
	case reflect.Slice, reflect.Map:
		s := map[string]any{"type": "array", "items": g.of(t.Elem(), false)}
		if t.Kind() == reflect.Map {
			s = map[string]any{"type": "object", "additionalProperties": g.of(t.Elem(), false)}
		}
		if nilWritten {
			return nullable(s)
		}
		return s
	case reflect.Struct:
		if t == reflect.TypeFor[time.Time]() {
			return map[string]any{"type": "string", "format": "date-time"}
		}
		g.define(t)
		return map[string]any{"$ref": "#/$defs/" + t.Name()}
	case reflect.String:
		if vals, ok := enums[t]; ok {
			g.defs[t.Name()] = map[string]any{"type": "string", "enum": vals}
			return map[string]any{"$ref": "#/$defs/" + t.Name()}
		}
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return map[string]any{"type": "integer"}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer", "minimum": 0}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	}
	g.errs = append(g.errs, fmt.Errorf("no JSON Schema for %s", t))
	return nil
}

// define adds struct t to $defs once: its keys, the ones always written
// required, and no others.
func (g *schemaGen) define(t reflect.Type) {
	if _, done := g.defs[t.Name()]; done {
		return
	}
	def := map[string]any{"type": "object", "additionalProperties": false}
	g.defs[t.Name()] = def // before the fields: a type may hold itself
	fields, err := jsonFields(t)
	if err != nil {
		g.errs = append(g.errs, err)
	}
	props := map[string]any{}
	required := []string{}
	for _, f := range fields {
		typ := f.Type
		if f.OmitEmpty && typ.Kind() == reflect.Pointer {
			typ = typ.Elem() // nil is left out, never written as null
		}
		props[f.Key] = g.of(typ, !f.OmitEmpty)
		if !f.OmitEmpty {
			required = append(required, f.Key)
		}
	}
	def["properties"], def["required"] = props, required
}

func nullable(s map[string]any) map[string]any {
	if typ, ok := s["type"].(string); ok {
		out := map[string]any{}
		for k, v := range s {
			out[k] = v
		}
		out["type"] = []string{typ, "null"}
		return out
	}
	return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
}

// snapshotSchema is the JSON Schema of a Snapshot, indented, with a
// trailing newline.
func snapshotSchema() ([]byte, error) {
	g := &schemaGen{defs: map[string]any{}}
	g.define(reflect.TypeFor[Snapshot]())
	if len(g.errs) > 0 {
		return nil, g.errs[0]
	}
	doc := map[string]any{
		"$schema":  "https://json-schema.org/draft/2020-12/schema",
		"title":    fmt.Sprintf("gtm snapshot, schema_version %d", SchemaVersion),
		"$comment": "Derived from the Go types in internal/schema (go test ./internal/schema -update); docs/json.md says what each key means. required lists the keys this gtm always writes: a snapshot of the same schema_version written by an older gtm may lack keys added since, which is not a breaking change.",
		"$ref":     "#/$defs/Snapshot",
		"$defs":    g.defs,
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	return append(b, '\n'), err
}

// docs/json.schema.json is what the types say: a changed type without a
// regenerated file fails here.
func TestJSONSchemaIsCurrent(t *testing.T) {
	got, err := snapshotSchema()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(jsonSchemaPath, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(jsonSchemaPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("docs/json.schema.json is stale: run go test ./internal/schema -update (and document the change in docs/json.md)")
	}
}

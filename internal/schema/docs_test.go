package schema

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

// docSections are the objects docs/json.md gives a section of their own,
// by the start of the section's heading. Every key of such an object is
// a row of the section's table; a key of an object nested deeper is
// named in the row of the key that holds it, or in that section's prose
// (docs/json.md's `{bytes, source, from}` for every part).
var docSections = map[string]string{
	"":                        "Top level",
	"host":                    "`host`",
	"system":                  "`system`",
	"sources[]":               "`sources[]`",
	"devices[]":               "`devices[]`",
	"processes[]":             "`processes[]`",
	"processes[].runtimes[]":  "`runtimes[]`",
	"processes[].models[]":    "`models[]`",
	"processes[].llm":         "`llm`",
	"served_models[]":         "`served_models[]`",
	"devices[].vram_trend":    "Trends",
	"processes[].vram_trend":  "Trends",
	"processes[].spill_trend": "Trends",
	"processes[].rss_trend":   "Trends",
}

// docSection is one heading of docs/json.md: its table rows by key (a
// row naming several keys is listed under each) and the text outside
// its tables.
type docSection struct {
	rows, types map[string]string
	prose       string
}

var backticked = regexp.MustCompile("`([a-z0-9_]+)`")

func readDocs(t *testing.T) map[string]*docSection {
	t.Helper()
	b, err := os.ReadFile("../../docs/json.md")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*docSection{}
	var cur *docSection
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "#"):
			cur = &docSection{rows: map[string]string{}, types: map[string]string{}}
			out[strings.TrimSpace(strings.TrimLeft(line, "#"))] = cur
		case cur == nil:
		case strings.HasPrefix(line, "|"):
			cells := strings.Split(line, "|")
			if len(cells) < 4 {
				continue
			}
			for _, m := range backticked.FindAllStringSubmatch(cells[1], -1) {
				cur.rows[m[1]], cur.types[m[1]] = line, cells[2]
			}
		default:
			cur.prose += line + "\n"
		}
	}
	return out
}

// section finds the section whose heading starts as docSections says.
func section(t *testing.T, docs map[string]*docSection, obj string) *docSection {
	for heading, s := range docs {
		if strings.HasPrefix(heading, docSections[obj]) {
			return s
		}
	}
	t.Fatalf("docs/json.md has no section %q", docSections[obj])
	return nil
}

// keyPath is one key of the schema: the object that holds it ("" for
// the top level, "processes[].llm" for a process's llm block) and the
// field.
type keyPath struct {
	obj   string
	field jsonField
}

// schemaKeys walks every key a snapshot can hold, depth first.
func schemaKeys(t *testing.T, typ reflect.Type, obj string, out []keyPath) []keyPath {
	fields, err := jsonFields(typ)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fields {
		out = append(out, keyPath{obj, f})
		child, inner := f.Key, f.Type
		for inner.Kind() == reflect.Pointer || inner.Kind() == reflect.Slice {
			if inner.Kind() == reflect.Slice {
				child += "[]"
			}
			inner = inner.Elem()
		}
		if inner.Kind() == reflect.Struct && inner != reflect.TypeFor[time.Time]() {
			if obj != "" {
				child = obj + "." + child
			}
			out = schemaKeys(t, inner, child, out)
		}
	}
	return out
}

// Every key of the schema is documented in docs/json.md, with null where
// it may be null.
func TestJSONDocsNameEveryKey(t *testing.T) {
	docs := readDocs(t)
	for _, k := range schemaKeys(t, reflect.TypeFor[Snapshot](), "", nil) {
		name := strings.TrimPrefix(k.obj+"."+k.field.Key, ".")
		if _, own := docSections[k.obj]; own {
			s := section(t, docs, k.obj)
			typ, ok := s.types[k.field.Key]
			switch {
			case !ok:
				t.Errorf("docs/json.md: section %s has no row for %s", docSections[k.obj], name)
			case mayBeNull(k.field) && !strings.Contains(typ, "null"):
				t.Errorf("docs/json.md: %s may be null, but its type says %q", name, strings.TrimSpace(typ))
			case isScalarOrStruct(k.field.Type) && strings.Contains(typ, "null"):
				t.Errorf("docs/json.md: %s is never null, but its type says %q", name, strings.TrimSpace(typ))
			}
			continue
		}
		holder, rowKey := documentedHolder(k.obj)
		s := section(t, docs, holder)
		if !hasWord(s.rows[rowKey], k.field.Key) && !hasWord(s.prose, k.field.Key) {
			t.Errorf("docs/json.md: %s is named neither in the row of %s nor in the prose of section %s",
				name, rowKey, docSections[holder])
		}
	}
}

// Every key docs/json.md lists in a section's table is one of that
// object's keys: a renamed or removed key does not linger in the docs.
func TestJSONDocsNameNoOtherKey(t *testing.T) {
	docs := readDocs(t)
	has := map[string]bool{}
	for _, k := range schemaKeys(t, reflect.TypeFor[Snapshot](), "", nil) {
		has[k.obj+"."+k.field.Key] = true
	}
	for obj, heading := range docSections {
		for key := range section(t, docs, obj).rows {
			if !has[obj+"."+key] {
				t.Errorf("docs/json.md: section %s lists %s, which the schema does not have", heading, key)
			}
		}
	}
}

// documentedHolder is the nearest enclosing object with a section of its
// own, and the key of that object that holds obj.
func documentedHolder(obj string) (holder, rowKey string) {
	for holder = obj; ; {
		i := strings.LastIndex(holder, ".")
		rest := holder
		if i < 0 {
			holder = ""
		} else {
			holder, rest = holder[:i], holder[i+1:]
		}
		if _, own := docSections[holder]; own {
			return holder, strings.TrimSuffix(rest, "[]")
		}
	}
}

// mayBeNull: a pointer is written as null when nil, unless omitempty
// leaves it out.
func mayBeNull(f jsonField) bool { return f.Type.Kind() == reflect.Pointer && !f.OmitEmpty }

func isScalarOrStruct(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map:
		return false
	}
	return true
}

func hasWord(text, word string) bool {
	return regexp.MustCompile(`(^|[^a-z0-9_])` + regexp.QuoteMeta(word) + `([^a-z0-9_]|$)`).MatchString(text)
}

// Package redacttest builds the snapshots that prove redaction holds for
// every field: Rich sets every string a snapshot can hold to one private
// path, finding the fields by reflection, so a field added later is filled
// (and so checked) without anyone listing it. Tests of each output that
// redacts (--json, --once, metrics, diff, serve) use it.
package redacttest

import (
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// Marker is the private directory every path of Paths passes through; a
// redacted output that holds it has leaked a directory.
const Marker = "acme-secret-project"

// Path is one shape a private path takes, with the names in it that no
// redacted output may hold.
type Path struct {
	Value   string
	Private []string
}

// Paths are the shapes a path takes in what gtm reads: absolute, in a
// home, relative (as a server's --model names a folder in its working
// directory, "org/name"-shaped included), Windows drive and UNC paths,
// with a space, and inside free text (an error, a flag, a file URL).
var Paths = []Path{
	{"/home/victim/" + Marker + "/model", []string{Marker, "victim"}},
	{"~/" + Marker + "/model", []string{Marker}},
	{"./" + Marker + "/model", []string{Marker}},
	{"../" + Marker + "/model", []string{Marker}},
	{Marker + "/model", []string{Marker}},
	{Marker + "/finetune-run-42/model", []string{Marker, "finetune-run-42"}},
	{`C:\Users\victim\` + Marker + `\model`, []string{Marker, "victim"}},
	{"C:/Users/victim/" + Marker + "/model", []string{Marker, "victim"}},
	{`\\fileserver\share\` + Marker + `\model`, []string{Marker, "fileserver", "share"}},
	{"/home/victim/My Projects/" + Marker + "/model", []string{Marker, "victim", "Projects"}},
	{"open /home/victim/" + Marker + "/model: permission denied", []string{Marker, "victim"}},
	{"--model=/home/victim/" + Marker + "/model", []string{Marker, "victim"}},
	{"file:///home/victim/" + Marker + "/model", []string{Marker, "victim"}},
	{"(/srv/" + Marker + "/a.gguf, /srv/" + Marker + "/b.gguf)", []string{Marker, "srv"}},
}

// Leaks returns the private names of p that text holds.
func (p Path) Leaks(text string) []string {
	var out []string
	for _, name := range p.Private {
		if strings.Contains(text, name) {
			out = append(out, name)
		}
	}
	return out
}

// Rich returns a snapshot in which every field is set: every string,
// *string and []string to value, every pointer allocated, every slice and
// map given one element, every number 1 and every bool true (but
// Redacted, Synthetic and Demo, which say what the snapshot is, and a
// process's Exited, which takes its row out of what is shown).
func Rich(value string) *schema.Snapshot {
	var s schema.Snapshot
	fill(reflect.ValueOf(&s).Elem(), value, 0)
	s.Redacted, s.Synthetic, s.Demo = false, false, false
	for i := range s.Processes {
		s.Processes[i].Exited = false
	}
	s.TakenAt = time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC)
	return &s
}

// fill sets v and everything under it. depth bounds a type that contains
// itself.
func fill(v reflect.Value, value string, depth int) {
	if depth > 16 || !v.CanSet() {
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(value)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), value, depth+1)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fill(s.Index(0), value, depth+1)
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k, value, depth+1)
		fill(e, value, depth+1)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Date(2026, 12, 2, 14, 0, 0, 0, time.UTC)))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			fill(v.Field(i), value, depth+1)
		}
	}
}

// Field is one string of a decoded JSON value and where it is
// ("processes[0].llm.model_id").
type Field struct{ Path, Value string }

// Strings returns every string value in a decoded JSON value.
func Strings(v any) []Field {
	var out []Field
	var walk func(string, any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case string:
			out = append(out, Field{path, x})
		case []any:
			for i, e := range x {
				walk(path+"["+strconv.Itoa(i)+"]", e)
			}
		case map[string]any:
			for k, e := range x {
				walk(strings.TrimPrefix(path+"."+k, "."), e)
			}
		}
	}
	walk("", v)
	return out
}

package jsonscan_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gputaskman/gtm/inspect/jsonscan"
)

// valid reports whether the scanner reads doc as one JSON value.
func valid(doc []byte) error {
	s := jsonscan.New(context.Background(), bytes.NewReader(doc), 0, int64(len(doc)))
	if err := s.Skip(); err != nil {
		return err
	}
	if end, err := s.AtEnd(); err != nil || !end {
		if err == nil {
			err = s.Errorf("data after the value")
		}
		return err
	}
	return nil
}

func TestSkipAgreesWithEncodingJSON(t *testing.T) {
	for _, doc := range []string{
		`{}`, `[]`, `0`, `-0.5e+10`, `"\u00e9\ud83d\ude00\n"`, ` {"a" : [1, true, false, null, {"b": "c"}]} `,
		`{"a":}`, `[1,]`, `01`, `1.`, `.5`, `-`, `"\x"`, `"a`, `{"a" 1}`, `[1 2]`, `tru`, `{} {}`, "\"\t\"",
	} {
		want := json.Valid([]byte(doc))
		if err := valid([]byte(doc)); (err == nil) != want {
			t.Errorf("%q: %v, encoding/json valid: %v", doc, err, want)
		}
	}
}

func TestStrings(t *testing.T) {
	doc := `{"k\"ey": "v\u0041\ud800x", "long": "` + strings.Repeat("é", 10) + `"}`
	s := jsonscan.New(context.Background(), strings.NewReader(doc), 0, int64(len(doc)))
	var got []string
	err := s.Object(64, func(key []byte) error {
		k := string(key)
		over, err := s.ReadString(5)
		got = append(got, k+"="+string(s.Str()))
		if k == "long" && !over {
			t.Error("a long value not cut")
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{`k"ey=vA` + "\uFFFD", "long=éé"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("%q, want %q", got, want)
	}
}

// Every error is a *jsonscan.Error, one line; a syntax error says so.
func TestErrors(t *testing.T) {
	err := valid([]byte("[1,\n2,]"))
	var se *jsonscan.Error
	if !errors.As(err, &se) || !se.Syntax || se.Offset != 6 || strings.Contains(err.Error(), "\n") {
		t.Fatalf("%#v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := jsonscan.New(ctx, strings.NewReader("[]"), 0, 2)
	if err := s.Skip(); !errors.Is(err, context.Canceled) || !errors.As(err, &se) || se.Syntax {
		t.Fatalf("cancelled: %v", err)
	}
}

// FuzzScan: the scanner accepts exactly what encoding/json accepts, but
// for invalid UTF-8 (which encoding/json passes through and the scanner
// refuses) and nesting past 64 (real files nest 3 deep).
func FuzzScan(f *testing.F) {
	for _, s := range []string{`{"a":[1,-2.5e3,true,null,{}]}`, `"\ud83d\ude00"`, `[[[]]]`, `{"a" 1}`, "\"\xff\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		err := valid(doc)
		var se *jsonscan.Error
		if err != nil && (!errors.As(err, &se) || strings.Contains(err.Error(), "\n")) {
			t.Fatalf("error %q", err)
		}
		std := json.Valid(doc)
		switch {
		case err == nil && !std:
			t.Fatalf("accepted what encoding/json refuses")
		case err != nil && std && utf8.Valid(doc) && !strings.Contains(err.Error(), "nested deeper"):
			t.Fatalf("refused what encoding/json accepts: %v", err)
		}
	})
}

func TestCount(t *testing.T) {
	doc := []byte(`{"a":1,"b":[1,2,{"x":[9,9]}],"c":{"d":{"e":1}}}`)
	for depth, want := range map[int]int{0: 0, 1: 3, 2: 7, 3: 9, 9: 11} {
		if n, err := jsonscan.Count(doc, depth); err != nil || n != want {
			t.Errorf("depth %d: %d %v, want %d", depth, n, err, want)
		}
	}
	if _, err := jsonscan.Count([]byte(`{"a":1} x`), 1); err == nil {
		t.Error("trailing data counted")
	}
}

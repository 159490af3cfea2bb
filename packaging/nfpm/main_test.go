package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeConfig(t *testing.T, dir string) string {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "hello"), []byte("#!/bin/sh\necho hi\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "t.yaml")
	yaml := "name: t\narch: amd64\nmaintainer: ${WHO}\ndescription: test\nconflicts: [u]\ncontents:\n" +
		"  - src: ${DIR}/hello\n    dst: /usr/bin/hello\n    expand: true\n"
	if err := os.WriteFile(cfg, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestBuild(t *testing.T) {
	dir := t.TempDir()
	cfg := writeConfig(t, dir)
	magic := map[string][]byte{"deb": []byte("!<arch>\n"), "rpm": {0xed, 0xab, 0xee, 0xdb}}
	deps := map[string]string{"deb": "libc6 (>= 2.34)", "rpm": "libc.so.6(GLIBC_2.34)(64bit)"}
	names := map[string]string{"deb": "t_1.2.3+git4.gabc-1_amd64.deb", "rpm": "t-1.2.3+git4.gabc-1.x86_64.rpm"}
	for _, format := range []string{"deb", "rpm"} {
		o := options{config: cfg, format: format, version: "1.2.3+git4.gabc", outDir: filepath.Join(dir, "out"),
			vars: map[string]string{"DIR": dir, "WHO": "someone <a@b>"}, depends: []string{deps[format]}, mtime: 1700000000}
		path, err := build(o)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		// The version as given: no "~rc0" or other reshuffling by nfpm.
		if filepath.Base(path) != names[format] {
			t.Errorf("%s: wrote %s, want %s", format, filepath.Base(path), names[format])
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, magic[format]) {
			t.Errorf("%s: %s is not a %s file", format, path, format)
		}
		if format == "deb" && !bytes.Contains(data, []byte("control.tar")) {
			t.Errorf("deb has no control archive")
		}
		// The same inputs give the same bytes (dates from -mtime, fixed build host).
		again, err := build(o)
		if err != nil {
			t.Fatal(err)
		}
		if data2, _ := os.ReadFile(again); !bytes.Equal(data, data2) {
			t.Errorf("%s: two builds differ", format)
		}
	}
}

func TestBuildErrors(t *testing.T) {
	dir := t.TempDir()
	cfg := writeConfig(t, dir)
	base := options{config: cfg, format: "deb", version: "1.0", outDir: dir, vars: map[string]string{"DIR": dir, "WHO": "x"}}
	for _, c := range []struct {
		name string
		edit func(*options)
		want string
	}{
		{"missing var", func(o *options) { o.vars = map[string]string{"DIR": dir} }, "${WHO}"},
		{"version without a digit first", func(o *options) { o.version = "v1.0" }, "starts with a digit"},
		{"version with a dash", func(o *options) { o.version = "1.0-2" }, "starts with a digit"},
		{"format", func(o *options) { o.format = "apk" }, "deb or rpm"},
		{"missing source", func(o *options) { o.vars = map[string]string{"DIR": dir + "/nope", "WHO": "x"} }, "nope"},
	} {
		o := base
		c.edit(&o)
		_, err := build(o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to say %q", c.name, err, c.want)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.deb")); len(m) != 0 {
		t.Errorf("failed builds left %v", m)
	}
}

// Command nfpm-gtm writes one .deb or .rpm from an nfpm configuration
// (https://nfpm.goreleaser.com/configuration/) with nfpm's Go packagers,
// pinned in this module's go.sum so every build makes the same package. It
// is its own module so the app's go.mod carries none of nfpm's
// dependencies; packaging/package.sh runs it.
//
//	go run . -config gtm.yaml -format deb -version 1.2.3 -var BIN=../../bin/gtm \
//	   -depends 'libc6 (>= 2.34), libgl1' -mtime 1700000000 -o ../../dist
//
// ${NAME} in the configuration comes from -var NAME=VALUE only, never from
// the environment, and a name without a -var is an error: a typo cannot
// quietly package an empty path.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/goreleaser/nfpm/v2"
	_ "github.com/goreleaser/nfpm/v2/deb" // registers the deb packager
	_ "github.com/goreleaser/nfpm/v2/rpm" // registers the rpm packager
)

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ", ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func main() {
	var o options
	var vars, depends listFlag
	flag.StringVar(&o.config, "config", "", "the nfpm configuration (YAML)")
	flag.StringVar(&o.format, "format", "", "deb or rpm")
	flag.StringVar(&o.version, "version", "", "the package version, used as given (deb and rpm syntax: digits first; ~ sorts before, + after)")
	flag.Var(&vars, "var", "NAME=VALUE for ${NAME} in the configuration (repeatable)")
	flag.Var(&depends, "depends", "dependencies added to the configuration's, comma-separated (repeatable)")
	flag.Int64Var(&o.mtime, "mtime", 0, "file and package dates, Unix seconds (reproducible packages; default: now)")
	flag.StringVar(&o.outDir, "o", ".", "the directory to write the package to")
	flag.Parse()
	if flag.NArg() != 0 || o.config == "" || o.format == "" || o.version == "" {
		fmt.Fprintln(os.Stderr, "usage: nfpm-gtm -config FILE -format deb|rpm -version V [-var NAME=VALUE]... [-depends LIST]... [-mtime SECONDS] [-o DIR]")
		os.Exit(2)
	}
	o.vars = map[string]string{}
	for _, v := range vars {
		name, value, ok := strings.Cut(v, "=")
		if !ok || name == "" {
			fmt.Fprintf(os.Stderr, "nfpm-gtm: -var %q is not NAME=VALUE\n", v)
			os.Exit(2)
		}
		o.vars[name] = value
	}
	for _, d := range depends {
		for _, p := range strings.Split(d, ",") {
			if p = strings.TrimSpace(p); p != "" {
				o.depends = append(o.depends, p)
			}
		}
	}
	path, err := build(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "nfpm-gtm:", err)
		os.Exit(1)
	}
	fmt.Println(path)
}

type options struct {
	config, format, version, outDir string
	vars                            map[string]string
	depends                         []string
	mtime                           int64
}

// versionRe: what both dpkg and rpm accept as a version without an epoch
// or a release, starting with a digit (dpkg requires it).
var versionRe = regexp.MustCompile(`^[0-9][A-Za-z0-9.+~]*$`)

func build(o options) (string, error) {
	if o.format != "deb" && o.format != "rpm" {
		return "", fmt.Errorf("-format %q: deb or rpm", o.format)
	}
	if !versionRe.MatchString(o.version) {
		return "", fmt.Errorf("version %q: a package version starts with a digit and has only letters, digits and . + ~", o.version)
	}
	var missing []string
	cfg, err := nfpm.ParseFileWithEnvMapping(o.config, func(name string) string {
		v, ok := o.vars[name]
		if strings.HasPrefix(name, "NFPM_") && !ok {
			return "" // nfpm's own signing passphrases: these packages are not signed
		}
		if !ok && !slices.Contains(missing, name) {
			missing = append(missing, name)
		}
		return v
	})
	if err != nil {
		return "", err
	}
	if len(missing) > 0 {
		return "", fmt.Errorf("%s uses ${%s}, which no -var NAME=VALUE gives", o.config, strings.Join(missing, "}, ${"))
	}
	info, err := cfg.Get(o.format)
	if err != nil {
		return "", err
	}
	// The version is final as given (no semver reshuffling), release 1.
	// (Parsing filled in a placeholder version and its "rc0" prerelease.)
	info.Version, info.VersionSchema, info.Release = o.version, "none", "1"
	info.Prerelease, info.VersionMetadata = "", ""
	info.Depends = append(info.Depends, o.depends...)
	if o.mtime != 0 {
		info.MTime = time.Unix(o.mtime, 0).UTC()
		// rpm records the build host: a fixed one keeps the package reproducible.
		info.RPM.BuildHost = "localhost"
	}
	info = nfpm.WithDefaults(info)
	if err := nfpm.Validate(info); err != nil {
		return "", err
	}
	pkg, err := nfpm.Get(o.format)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(o.outDir, 0o755); err != nil {
		return "", err
	}
	target := filepath.Join(o.outDir, pkg.ConventionalFileName(info))
	info.Target = target
	f, err := os.Create(target)
	if err != nil {
		return "", err
	}
	if err := pkg.Package(info, f); err != nil {
		f.Close()
		os.Remove(target)
		return "", err
	}
	if err := f.Close(); err != nil {
		os.Remove(target)
		return "", err
	}
	return target, nil
}

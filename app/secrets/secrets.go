// Package secrets hides secrets in command lines and other strings that
// processes choose, before anything is shown, written or exported. It is
// the one secret table of gtm: snapshots, text output, the window and
// exports all go through it.
//
// Exported API:
//
//   - MaskArgs(argv) returns a copy of a command line with every secret value
//     replaced by Mask. A flag or NAME=value is a secret when its name's
//     last word ends in key, token, secret, password, passwd, bearer or
//     credential(s), or is auth, authorization or pwd, in any spelling
//     (--api-key, --apiKey, --API_KEY, --authtoken, -hft, HF_TOKEN=...,
//     FOO_APIKEY=...), in "--flag value" and "--flag=value" forms;
//     --api-key-file and other file flags name a path and stay visible.
//     It also hides authorization headers (-H "Authorization: ...",
//     --header ...) and credentials inside URLs (user:pass@host,
//     ?token=...).
//   - MaskString(s) masks one free-text string (a command line joined by
//     the OS, an environment entry, a URL): NAME=value secrets, URL
//     credentials and authorization headers inside it.
//   - IsFlag(name) reports whether a flag takes a secret value.
//   - Mask is what a hidden value is replaced with.
//
// Masking errs on the side of hiding: a value that might be a secret is
// masked. It never changes argument count or order, so a masked command
// line still reads as the original did.
package secrets

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
)

// Mask replaces every hidden value.
const Mask = "[redacted]"

// secretFlags take a secret as their value, normalized by flagKey, where
// the name alone does not say so (llama.cpp's -hft is its --hf-token).
var secretFlags = map[string]bool{"hft": true}

// headerFlags take an HTTP header ("Name: value") as their value.
var headerFlags = map[string]bool{"-H": true, "--header": true, "--headers": true}

// secretHeaders are header names whose value is a credential.
var secretHeaders = map[string]bool{
	"authorization": true, "proxy-authorization": true, "x-api-key": true, "api-key": true,
	"cookie": true, "x-auth-token": true,
}

// flagKey normalizes a flag's name: no leading dashes, lower case, '_'
// read as '-', so --hf_token and --HF-TOKEN are one flag.
func flagKey(name string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimLeft(name, "-")), "_", "-")
}

// Secret names are judged by their last word (after splitting on '-', '_',
// '.' and camelCase), so --api-key, --apiKey, --API_KEY, HF_TOKEN and
// --authtoken are secrets while --api-key-file (a path gtm reads as
// evidence), --max-tokens and --token-limit are not.
var (
	// secretSuffixes: a last word ending in one of these, joined words
	// included (apikey, authtoken, clientsecret, dbpassword).
	secretSuffixes = []string{"key", "token", "secret", "secrets", "password", "passwords", "passwd",
		"bearer", "credential", "credentials", "apikeys"}
	// secretWords: secrets only as a whole last word (--auth, --pwd; not
	// --author or --cwd).
	secretWords = map[string]bool{"auth": true, "authorization": true, "pwd": true}
	// switchWords first in a name make it an on/off switch that takes no
	// value (--no-auth, --disable-token): the next argument is not its.
	switchWords = map[string]bool{"no": true, "disable": true, "enable": true}
)

// nameWords splits a flag or variable name into lower-case words on '-',
// '_', '.' and camelCase boundaries ("apiKey", "APIKey" -> api key).
func nameWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '-' || r == '_' || r == '.':
			flush()
			continue
		case unicode.IsUpper(r) && len(cur) > 0:
			prev := rs[i-1]
			// aB starts a word; so does the B of ABc (APIKey -> API Key).
			if unicode.IsLower(prev) || unicode.IsDigit(prev) ||
				unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1]) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// secretName reports whether a name (of NAME=value, or a flag) names a
// secret: its last word ends in key, token, secret, password, passwd,
// bearer or credential(s), or is auth, authorization or pwd; or it
// mentions a password anywhere (DB_PASSWORD_FILE, as before).
func secretName(name string) bool {
	words := nameWords(strings.TrimLeft(name, "-"))
	if len(words) == 0 || switchWords[words[0]] && len(words) > 1 {
		return false
	}
	last := words[len(words)-1]
	if secretWords[last] || last == "keys" && len(words) > 1 && words[len(words)-2] == "api" {
		return true
	}
	for _, s := range secretSuffixes {
		if strings.HasSuffix(last, s) {
			return true
		}
	}
	for _, w := range words {
		if strings.Contains(w, "password") {
			return true
		}
	}
	return false
}

// IsFlag reports whether a flag (with its dashes, e.g. "--api-key")
// takes a secret value.
func IsFlag(name string) bool {
	if !strings.HasPrefix(name, "-") || strings.Contains(name, "=") {
		return false
	}
	return secretFlags[flagKey(name)] || secretName(name)
}

// MaskArgs returns argv with every secret value replaced by Mask; nil stays
// nil. The input is not modified.
func MaskArgs(argv []string) []string {
	if argv == nil {
		return nil
	}
	out := make([]string, len(argv))
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		switch {
		case headerFlags[a] && i+1 < len(argv):
			out[i], out[i+1] = a, header(argv[i+1])
			i++
			continue
		case IsFlag(a) && i+1 < len(argv):
			out[i], out[i+1] = a, Mask
			i++
			continue
		}
		out[i] = arg(a)
	}
	return out
}

// arg masks one argument on its own: --flag=value, NAME=value, an
// attached header (-HAuthorization: x, --header=...), or a URL.
func arg(a string) string {
	if name, value, ok := strings.Cut(a, "="); ok && name != "" {
		switch {
		case headerFlags[name]:
			return name + "=" + header(value)
		case IsFlag(name) || isIdent(name) && secretName(name):
			return name + "=" + Mask
		}
	}
	if strings.HasPrefix(a, "-H") && len(a) > 2 && !strings.HasPrefix(a, "--") {
		return "-H" + header(a[2:])
	}
	return urls(a)
}

// header masks the value of a credential header ("Authorization: x").
func header(h string) string {
	name, _, ok := strings.Cut(h, ":")
	if ok && secretHeaders[strings.ToLower(strings.TrimSpace(name))] {
		return name + ": " + Mask
	}
	return urls(h)
}

// isIdent: a variable-like name (HF_TOKEN, server.api_key, api-key) that
// is not a flag.
func isIdent(s string) bool {
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || i > 0 && (c == '.' || c == '-')) {
			return false
		}
	}
	return s != ""
}

var (
	// scheme://user:password@ → scheme://user:[redacted]@
	urlCreds = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.-]*://[^/\s:@]*):[^/\s@]*@`) })
	// ?token=… &api_key=… in a query string
	urlQuery = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)([?&](?:[a-z0-9_-]*(?:token|key|secret|password|passwd|bearer|credentials?)|auth|pwd|pass|sig|signature)=)[^&#\s]*`)
	})
	// NAME= inside free text; secretName judges NAME
	envName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_.-]*=`) })
	// Authorization: value inside free text, up to the line's end
	authHeader = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b((?:proxy-)?authorization|x-api-key|x-auth-token|cookie)\s*:\s*[^\r\n"']*`)
	})
)

// pairs masks the value (up to white space) of each NAME=value in s whose
// NAME is a secret's, also one inside another's value (FOO=HF_TOKEN=x).
func pairs(s string) string {
	var b strings.Builder
	done := 0
	for _, m := range envName().FindAllStringIndex(s, -1) {
		if m[0] < done || !secretName(s[m[0]:m[1]-1]) {
			continue
		}
		end := m[1]
		for end < len(s) && !strings.ContainsRune(" \t\n\v\f\r", rune(s[end])) {
			end++
		}
		b.WriteString(s[done:m[1]])
		b.WriteString(Mask)
		done = end
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

func urls(s string) string {
	if !strings.Contains(s, "://") && !strings.ContainsAny(s, "?&") {
		return s
	}
	s = urlCreds().ReplaceAllString(s, "${1}:"+Mask+"@")
	return urlQuery().ReplaceAllString(s, "${1}"+Mask)
}

// MaskString masks secrets inside one free-text string: NAME=value pairs
// named like secrets, authorization headers, URL credentials, and the
// value after a secret flag ("--api-key x" or "--api-key=x").
func MaskString(s string) string {
	if s == "" {
		return s
	}
	fields := strings.Split(s, " ")
	fields = MaskArgs(fields)
	s = strings.Join(fields, " ")
	s = pairs(s)
	s = authHeader().ReplaceAllStringFunc(s, func(m string) string {
		name, _, _ := strings.Cut(m, ":")
		return name + ": " + Mask
	})
	return urls(s)
}

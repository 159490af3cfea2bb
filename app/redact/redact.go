// Package redact hides secrets in command lines and other strings that
// processes choose, before anything is shown, written or exported. It is
// the one redaction table of gtm: snapshots, text output, the window and
// exports all go through it.
//
// Exported API:
//
//   - Args(argv) returns a copy of a command line with every secret value
//     replaced by Mask. It knows secret flags (--api-key, --hf-token,
//     --password, ...; spelled with '-' or '_', in "--flag value" and
//     "--flag=value" forms), arguments named like secrets (HF_TOKEN=...,
//     OPENAI_API_KEY=..., DB_PASSWORD=...; also as --some_token=...),
//     authorization headers (-H "Authorization: ...", --header ...), and
//     credentials inside URLs (user:pass@host, ?token=...).
//   - String(s) redacts one free-text string (a command line joined by
//     the OS, an environment entry, a URL): NAME=value secrets, URL
//     credentials and authorization headers inside it.
//   - IsSecretFlag(name) reports whether a flag takes a secret value.
//   - Mask is what a hidden value is replaced with.
//
// Redaction errs on the side of hiding: a value that might be a secret is
// masked. It never changes argument count or order, so a redacted command
// line still reads as the original did.
package redact

import (
	"regexp"
	"strings"
)

// Mask replaces every hidden value.
const Mask = "[redacted]"

// secretFlags take a secret as their value, normalized by flagKey.
var secretFlags = map[string]bool{
	"api-key": true, "api-keys": true, "hf-token": true, "hft": true, "token": true,
	"password": true, "passwd": true, "secret": true, "openai-api-key": true,
	"auth-token": true, "access-token": true, "client-secret": true,
}

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

// secretName reports whether NAME (of NAME=value, or a flag) names a
// secret by convention: *_TOKEN, *_KEY, *_SECRET, *PASSWORD*.
func secretName(name string) bool {
	n := strings.ToUpper(strings.ReplaceAll(strings.TrimLeft(name, "-"), "-", "_"))
	if n == "" {
		return false
	}
	return strings.HasSuffix(n, "_TOKEN") || strings.HasSuffix(n, "_KEY") || strings.HasSuffix(n, "_SECRET") ||
		strings.Contains(n, "PASSWORD") || strings.HasSuffix(n, "_PASSWD") || n == "TOKEN" || n == "SECRET"
}

// IsSecretFlag reports whether a flag (with its dashes, e.g. "--api-key")
// takes a secret value.
func IsSecretFlag(name string) bool {
	if !strings.HasPrefix(name, "-") || strings.Contains(name, "=") {
		return false
	}
	return secretFlags[flagKey(name)] || secretName(name)
}

// Args returns argv with every secret value replaced by Mask; nil stays
// nil. The input is not modified.
func Args(argv []string) []string {
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
		case IsSecretFlag(a) && i+1 < len(argv):
			out[i], out[i+1] = a, Mask
			i++
			continue
		}
		out[i] = arg(a)
	}
	return out
}

// arg redacts one argument on its own: --flag=value, NAME=value, an
// attached header (-HAuthorization: x, --header=...), or a URL.
func arg(a string) string {
	if name, value, ok := strings.Cut(a, "="); ok && name != "" {
		switch {
		case headerFlags[name]:
			return name + "=" + header(value)
		case IsSecretFlag(name) || isIdent(name) && secretName(name):
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

func isIdent(s string) bool {
	for _, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

var (
	// scheme://user:password@ → scheme://user:[redacted]@
	urlCreds = regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.-]*://[^/\s:@]*):[^/\s@]*@`)
	// ?token=… &api_key=… in a query string
	urlQuery = regexp.MustCompile(`(?i)([?&](?:[a-z0-9_-]*token|[a-z0-9_-]*key|[a-z0-9_-]*secret|password|passwd|pass|sig|signature)=)[^&#\s]*`)
	// NAME=value inside free text, NAME a secret by convention
	envPair = regexp.MustCompile(`(?i)\b([A-Z0-9_]*(?:_TOKEN|_KEY|_SECRET|PASSWORD[A-Z0-9_]*|_PASSWD))=(\S*)`)
	// Authorization: value inside free text, up to the line's end
	authHeader = regexp.MustCompile(`(?i)\b((?:proxy-)?authorization|x-api-key|x-auth-token|cookie)\s*:\s*[^\r\n"']*`)
)

func urls(s string) string {
	if !strings.Contains(s, "://") && !strings.ContainsAny(s, "?&") {
		return s
	}
	s = urlCreds.ReplaceAllString(s, "${1}:"+Mask+"@")
	return urlQuery.ReplaceAllString(s, "${1}"+Mask)
}

// String redacts secrets inside one free-text string: NAME=value pairs
// named like secrets, authorization headers, URL credentials, and the
// value after a secret flag ("--api-key x" or "--api-key=x").
func String(s string) string {
	if s == "" {
		return s
	}
	fields := strings.Split(s, " ")
	fields = Args(fields)
	s = strings.Join(fields, " ")
	s = envPair.ReplaceAllString(s, "${1}="+Mask)
	s = authHeader.ReplaceAllStringFunc(s, func(m string) string {
		name, _, _ := strings.Cut(m, ":")
		return name + ": " + Mask
	})
	return urls(s)
}

package probe

import (
	"errors"
	"net/netip"
	"testing"
)

func TestRequestURL(t *testing.T) {
	lo := netip.MustParseAddrPort("127.0.0.1:8080")
	for path, want := range map[string]string{
		"/":                       "http://127.0.0.1:8080/",
		"/v1/models":              "http://127.0.0.1:8080/v1/models",
		"/api/ps":                 "http://127.0.0.1:8080/api/ps",
		"/props?model=a-b_c.gguf": "http://127.0.0.1:8080/props?model=a-b_c.gguf",
		"/slots?id=0&x=%2F":       "http://127.0.0.1:8080/slots?id=0&x=%2F",
	} {
		got, err := requestURL(lo, path)
		if err != nil || got != want {
			t.Errorf("%q: %q, %v", path, got, err)
		}
	}
	if got, err := requestURL(netip.MustParseAddrPort("[::1]:11434"), "/api/tags"); err != nil || got != "http://[::1]:11434/api/tags" {
		t.Errorf("::1: %q, %v", got, err)
	}
	for _, path := range []string{
		"", "v1/models", "@evil.com", "@evil.com/", "//evil.com/x", "/a//b", "http://evil.com/",
		"/\\evil.com", "/x#frag", "/ space", "/\n", "/\x00", "/é", "/%zz", "/x@evil.com",
		":80@evil.com/", ".evil.com/",
	} {
		if got, err := requestURL(lo, path); !errors.Is(err, ErrBadPath) {
			t.Errorf("%q: %q, %v; want ErrBadPath", path, got, err)
		}
	}
	for _, ap := range []string{"10.0.0.1:80", "192.0.2.1:80", "[::ffff:192.0.2.1]:80", "[2001:db8::1]:80", "0.0.0.0:80"} {
		if _, err := requestURL(netip.MustParseAddrPort(ap), "/"); !errors.Is(err, ErrNotLoopback) {
			t.Errorf("%s: %v, want ErrNotLoopback", ap, err)
		}
	}
	if _, err := requestURL(netip.MustParseAddrPort("127.0.0.1:0"), "/"); err == nil {
		t.Error("port 0 accepted")
	}
}

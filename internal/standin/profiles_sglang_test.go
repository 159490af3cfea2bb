package standin

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestSGLangFormatVersions: the version a stand-in's /server_info reports
// is a release that writes its format's lines and endpoints: 0.5.13 on
// for SGLangCurrent (the KV line's "dtype:", 93fa577bb), 0.5.0 to 0.5.5
// for SGLangBefore (no /model_info before 0.5.6, 25acbbc61).
func TestSGLangFormatVersions(t *testing.T) {
	for _, c := range []struct {
		f      SGLangFormat
		lo, hi int // patch releases of 0.5
	}{{SGLangCurrent, 13, 1 << 20}, {SGLangBefore, 0, 5}} {
		path := "/server_info"
		if c.f == SGLangBefore {
			path = "/get_server_info"
		}
		var si struct{ Version string }
		body := strings.ReplaceAll(SGLang(SGLangOptions{Format: c.f}).Routes[path].Body, "{port}", "1")
		if err := json.Unmarshal([]byte(body), &si); err != nil {
			t.Fatal(err)
		}
		patch, err := strconv.Atoi(strings.TrimPrefix(si.Version, "0.5."))
		if err != nil || patch < c.lo || patch > c.hi {
			t.Errorf("format %d reports version %q, want 0.5.%d to 0.5.%d", c.f, si.Version, c.lo, c.hi)
		}
	}
}

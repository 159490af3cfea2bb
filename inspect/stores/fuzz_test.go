package stores

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var blobNameRe = regexp.MustCompile(`^sha256-[0-9a-fA-F]{64}$`)

// FuzzManifest: any bytes parse without panic, and every layer kept names a
// file directly inside blobs/.
func FuzzManifest(f *testing.F) {
	f.Add([]byte(manifestJSON([2]string{mtModel, "sha256:" + hexOf("a")}, [2]string{mtProjector, "sha256:" + hexOf("b")})))
	f.Add([]byte(`{"layers":[{"mediaType":"application/vnd.ollama.image.model","digest":"../../etc/passwd"}]}`))
	f.Add([]byte(`{"layers":[{"mediaType":"application/vnd.ollama.image.adapter","digest":"sha256-` + hexOf("c") + `"}]}`))
	f.Add([]byte(`{"layers":[1,null,{"mediaType":7}]}`))
	f.Add([]byte("not json"))
	f.Fuzz(func(t *testing.T, data []byte) {
		layers, skipped, err := parseManifest(data)
		if err != nil && (len(layers) > 0 || skipped > 0) {
			t.Fatalf("error %v with results", err)
		}
		blobs := filepath.Join("store", "blobs")
		for _, l := range layers {
			if !blobNameRe.MatchString(l.blob) {
				t.Fatalf("blob name %q", l.blob)
			}
			p := filepath.Join(blobs, l.blob)
			if filepath.Dir(p) != blobs || strings.Contains(l.blob, "..") {
				t.Fatalf("%q escapes blobs/", l.blob)
			}
			if l.role != RoleModel && l.role != RoleProjector && l.role != RoleAdapter {
				t.Fatalf("layer without a role: %+v", l)
			}
		}
	})
}

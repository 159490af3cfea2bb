package servers

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// ollamaModel is one loaded model Ollama should report.
type ollamaModel struct {
	name           string
	size, vram     *int64
	ctx            *int64
	quant, family  string
	expires        string
	families       []string
	parameterSize  string
	digestHexFirst string
}

// ollamaCase is an Ollama's /api/ps answer and what a probe of it reports.
type ollamaCase struct {
	name     string
	ps       reply
	want     []ollamaModel
	needsKey bool
	err      error // errors.Is target; errAny for any
}

// check probes c's server and compares the result (a subtest's body).
func (c ollamaCase) check(t *testing.T) {
	s, err := ProbeOllama(context.Background(), &fakeGetter{routes: map[string]reply{"/api/ps": c.ps}}, 11434)
	if c.err != nil {
		if err == nil || c.err != errAny && !errors.Is(err, c.err) {
			t.Fatalf("err = %v, want %v", err, c.err)
		}
		return
	}
	if err != nil || s.NeedsKey != c.needsKey || s.Source != RuntimeReported {
		t.Fatalf("err %v needsKey %v source %q", err, s.NeedsKey, s.Source)
	}
	if len(s.Models) != len(c.want) {
		t.Fatalf("models = %+v, want %d", s.Models, len(c.want))
	}
	for i, w := range c.want {
		m := s.Models[i]
		if m.Name != w.name || m.QuantizationLevel != w.quant || m.Family != w.family ||
			!slices.Equal(m.Families, w.families) || m.ParameterSize != w.parameterSize {
			t.Errorf("model %d = %+v", i, m)
		}
		checkInt(t, m.Name+" Size", m.Size, w.size)
		checkInt(t, m.Name+" SizeVRAM", m.SizeVRAM, w.vram)
		checkInt(t, m.Name+" ContextLength", m.ContextLength, w.ctx)
		if w.expires != "" {
			want, _ := time.Parse(time.RFC3339Nano, w.expires)
			if !m.ExpiresAt.Equal(want) {
				t.Errorf("%s ExpiresAt %v, want %v", m.Name, m.ExpiresAt, want)
			}
		} else if !m.ExpiresAt.IsZero() {
			t.Errorf("%s ExpiresAt %v, want zero", m.Name, m.ExpiresAt)
		}
		if len(m.Digest) < 8 && w.digestHexFirst != "" || w.digestHexFirst != "" && m.Digest[:8] != w.digestHexFirst {
			t.Errorf("%s Digest %q", m.Name, m.Digest)
		}
	}
}

func TestProbeOllama(t *testing.T) {
	for _, c := range []ollamaCase{
		{
			name: "current: context_length",
			ps:   file(t, "ollama", "ps.json"),
			want: []ollamaModel{
				{name: "qwen3:8b", size: i64(7282680832), vram: i64(7282680832), ctx: i64(8192), quant: "Q4_K_M", family: "qwen3",
					families: []string{"qwen3"}, parameterSize: "8.2B", expires: "2026-03-02T14:38:31.83753+01:00", digestHexFirst: "500a1f06"},
				{name: "nomic-embed-text:latest", size: i64(849186816), vram: i64(0), ctx: i64(2048), quant: "F16", family: "nomic-bert",
					families: []string{"nomic-bert"}, parameterSize: "137M", expires: "2026-03-02T14:33:02.114214+01:00", digestHexFirst: "0a109f42"},
			},
		},
		{
			name: "older: no context_length",
			ps:   file(t, "ollama", "ps_old.json"),
			want: []ollamaModel{{name: "mistral:latest", size: i64(5137025024), vram: i64(5137025024), quant: "Q4_0", family: "llama",
				families: []string{"llama"}, parameterSize: "7.2B", expires: "2024-06-04T14:38:31.83753-07:00", digestHexFirst: "2ae6f6dd"}},
		},
		{name: "nothing loaded", ps: file(t, "ollama", "ps_empty.json")},
		{
			name: "odd values",
			ps: reply{status: 200, body: `{"models":[
				{"name":"a:1","size":"123","size_vram":-5,"context_length":0,"expires_at":"soon","details":"x"},
				"junk",
				{"size":1},
				{"name":"b:2","size":1e999,"context_length":"4096","details":{"families":"one","quantization_level":7}}
			],"extra":true}`},
			want: []ollamaModel{
				{name: "a:1", size: i64(123)},
				{name: "b:2", ctx: i64(4096), families: []string{"one"}},
			},
		},
		{name: "needs a key (proxy)", ps: reply{status: 401, body: `{"error":"unauthorized"}`}, needsKey: true},
		{name: "not JSON", ps: reply{status: 200, body: `Ollama is running`}, err: ErrNotJSON},
		{name: "server error", ps: reply{status: 500, body: `{"error":"boom"}`}, err: errAny},
		{name: "old Ollama without /api/ps", ps: reply{status: 404, body: `404 page not found`}, err: ErrDisabled},
	} {
		t.Run(c.name, c.check)
	}
}

var errAny = errors.New("any error")

func TestOllamaMatch(t *testing.T) {
	const (
		blobHex     = "a3de86cd1c132c822487ededd47a324c50491393e6565cd14bafa40d0b8e686f"
		manifestHex = "500a1f067a9f782620b40bee6f7b0c89e17ae61f686b92c24933e4ca4b2b8b41"
	)
	blob := "/usr/share/ollama/.ollama/models/blobs/sha256-" + blobHex
	qwen := OllamaModel{Name: "qwen3:8b", Model: "qwen3:8b", Digest: manifestHex}
	mistral := OllamaModel{Name: "mistral:latest", Model: "mistral:latest", Digest: "2ae6f6dd7a3dd734790bbbf58b8909a606e0e7e97e94b7604e0aa7ae4490e6d8"}
	names := func(m map[string]string) func(string) (string, bool) {
		return func(p string) (string, bool) { n, ok := m[p]; return n, ok }
	}
	cases := []struct {
		name     string
		models   []OllamaModel
		blobPath string
		runners  int
		blobName func(string) (string, bool)
		want     string
		how      MatchMethod
	}{
		{
			name:   "digest equals the blob (a server reporting blob digests)",
			models: []OllamaModel{mistral, {Name: "x:1", Digest: "sha256:" + blobHex}}, blobPath: blob, runners: 2,
			want: "x:1", how: MatchDigest,
		},
		{
			name:   "digest from a Windows path, upper-case hex",
			models: []OllamaModel{{Name: "x:1", Digest: blobHex}}, blobPath: `C:\Users\me\.ollama\models\blobs\sha256-` + "A3DE86CD1C132C822487EDEDD47A324C50491393E6565CD14BAFA40D0B8E686F", runners: 3,
			want: "x:1", how: MatchDigest,
		},
		{
			name:   "manifest digest: matched by name",
			models: []OllamaModel{mistral, qwen}, blobPath: blob, runners: 2,
			blobName: names(map[string]string{blob: "qwen3:8b"}), want: "qwen3:8b", how: MatchName,
		},
		{
			name:   "name with registry and namespace",
			models: []OllamaModel{mistral, qwen}, blobPath: blob, runners: 2,
			blobName: names(map[string]string{blob: "registry.ollama.ai/library/qwen3:8b"}), want: "qwen3:8b", how: MatchName,
		},
		{
			name:   "name without tag means latest",
			models: []OllamaModel{qwen, mistral}, blobPath: blob, runners: 2,
			blobName: names(map[string]string{blob: "Mistral"}), want: "mistral:latest", how: MatchName,
		},
		{
			name:   "name unknown, one model, one runner",
			models: []OllamaModel{qwen}, blobPath: blob, runners: 1,
			blobName: names(nil), want: "qwen3:8b", how: MatchOnly,
		},
		{
			name:   "blob named as a model that is not running, one of each: only-running",
			models: []OllamaModel{qwen}, blobPath: blob, runners: 1,
			blobName: names(map[string]string{blob: "llama3:8b"}), want: "qwen3:8b", how: MatchOnly,
		},
		{name: "one model, two runners", models: []OllamaModel{qwen}, blobPath: blob, runners: 2},
		{name: "two models, one runner, no name", models: []OllamaModel{qwen, mistral}, blobPath: blob, runners: 1},
		{name: "nothing running", blobPath: blob, runners: 1, blobName: names(map[string]string{blob: "qwen3:8b"})},
		{
			name:   "not a blob path: no digest attempt",
			models: []OllamaModel{{Name: "x:1", Digest: blobHex}, mistral}, blobPath: "/models/" + blobHex + ".gguf", runners: 2,
		},
		{name: "empty path", models: []OllamaModel{qwen, mistral}, runners: 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, how, ok := OllamaState{Models: c.models}.Match(c.blobPath, c.runners, c.blobName)
			if ok != (c.want != "") || m.Name != c.want || how != c.how {
				t.Errorf("got %q by %q (ok %v), want %q by %q", m.Name, how, ok, c.want, c.how)
			}
		})
	}
}

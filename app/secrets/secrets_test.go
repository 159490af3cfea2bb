package secrets

import (
	"slices"
	"strings"
	"testing"
)

func TestMaskArgs(t *testing.T) {
	cases := []struct{ in, want []string }{
		{[]string{"llama-server", "-m", "m.gguf", "--api-key", "K1", "--port", "8080"},
			[]string{"llama-server", "-m", "m.gguf", "--api-key", Mask, "--port", "8080"}},
		{[]string{"x", "--api-key=K1", "--api_key", "K2", "--hf-token=K3", "-hft", "K4", "--token", "K5"},
			[]string{"x", "--api-key=" + Mask, "--api_key", Mask, "--hf-token=" + Mask, "-hft", Mask, "--token", Mask}},
		{[]string{"x", "--hf_token", "K1", "--password=K2", "--secret", "K3", "--openai-api-key", "K4", "--api-keys", "K5,K6"},
			[]string{"x", "--hf_token", Mask, "--password=" + Mask, "--secret", Mask, "--openai-api-key", Mask, "--api-keys", Mask}},
		{[]string{"env", "HF_TOKEN=K1", "OPENAI_API_KEY=K2", "AWS_SECRET=K3", "DB_PASSWORD_FILE=K4", "MYPASSWORD=K5", "PATH=/bin"},
			[]string{"env", "HF_TOKEN=" + Mask, "OPENAI_API_KEY=" + Mask, "AWS_SECRET=" + Mask, "DB_PASSWORD_FILE=" + Mask, "MYPASSWORD=" + Mask, "PATH=/bin"}},
		{[]string{"x", "--my_token=K1", "--vendor-api-key", "K2"},
			[]string{"x", "--my_token=" + Mask, "--vendor-api-key", Mask}},
		{[]string{"curl", "-H", "Authorization: Bearer K1", "-H", "Accept: json", "--header", "x-api-key: K2", "--header=Authorization: Basic K3", "-HAuthorization: K4"},
			[]string{"curl", "-H", "Authorization: " + Mask, "-H", "Accept: json", "--header", "x-api-key: " + Mask, "--header=Authorization: " + Mask, "-HAuthorization: " + Mask}},
		{[]string{"x", "--url", "https://bob:K1@example.com/a", "--db=postgres://u:K2@127.0.0.1:5432/db", "http://127.0.0.1:8080/v1?api_key=K3&x=1"},
			[]string{"x", "--url", "https://bob:" + Mask + "@example.com/a", "--db=postgres://u:" + Mask + "@127.0.0.1:5432/db", "http://127.0.0.1:8080/v1?api_key=" + Mask + "&x=1"}},
		// not secrets: paths, file flags, plain options
		{[]string{"llama-server", "--api-key-file", "/k.txt", "--host", "127.0.0.1", "-c", "4096", "https://example.com/x"},
			[]string{"llama-server", "--api-key-file", "/k.txt", "--host", "127.0.0.1", "-c", "4096", "https://example.com/x"}},
		// a secret flag last has no value to hide
		{[]string{"x", "--api-key"}, []string{"x", "--api-key"}},
	}
	for _, c := range cases {
		in := slices.Clone(c.in)
		got := MaskArgs(in)
		if !slices.Equal(got, c.want) {
			t.Errorf("MaskArgs(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
		if !slices.Equal(in, c.in) {
			t.Errorf("Args changed its input: %q", in)
		}
		for _, a := range got {
			for _, k := range []string{"K1", "K2", "K3", "K4", "K5", "K6"} {
				if strings.Contains(a, k) {
					t.Errorf("MaskArgs(%q): %s still shown in %q", c.in, k, a)
				}
			}
		}
	}
	if MaskArgs(nil) != nil {
		t.Error("MaskArgs(nil) is not nil")
	}
}

func TestMaskString(t *testing.T) {
	for _, in := range []string{
		`llama-server --api-key K1 -m m.gguf`,
		`python serve.py HF_TOKEN=K1`,
		`curl -H "Authorization: Bearer K1" http://127.0.0.1`,
		`git clone https://me:K1@example.com/repo`,
		`LLAMA_API_KEY=K1`,
		`x --password=K1`,
	} {
		if got := MaskString(in); strings.Contains(got, "K1") || !strings.Contains(got, Mask) {
			t.Errorf("MaskString(%q) = %q", in, got)
		}
	}
	if got := MaskString("llama-server -m /models/a.gguf --port 8080"); got != "llama-server -m /models/a.gguf --port 8080" {
		t.Errorf("String changed a harmless line: %q", got)
	}
}

func TestIsSecretFlag(t *testing.T) {
	for _, f := range []string{"--api-key", "--API_KEY", "--hf_token", "-hft", "--openai-api-key", "--x-secret", "--password"} {
		if !IsFlag(f) {
			t.Errorf("IsFlag(%q) = false", f)
		}
	}
	for _, f := range []string{"--api-key-file", "--port", "-m", "api-key", "--model"} {
		if IsFlag(f) {
			t.Errorf("IsFlag(%q) = true", f)
		}
	}
}

// FuzzMask: any command line keeps its length and order, and the value
// after a secret flag is always hidden.
func FuzzMask(f *testing.F) {
	f.Add("llama-server\x00--api-key\x00sk-1\x00-m\x00m.gguf")
	f.Add("curl\x00-H\x00Authorization: Bearer x\x00https://u:p@h/?token=t")
	f.Add("env\x00HF_TOKEN=abc\x00--password=\x00=")
	f.Fuzz(func(t *testing.T, joined string) {
		argv := strings.Split(joined, "\x00")
		out := MaskArgs(argv)
		if len(out) != len(argv) {
			t.Fatalf("%d args became %d", len(argv), len(out))
		}
		for i := 0; i+1 < len(argv); i++ {
			if argv[i] == "--api-key" && !headerFlags[argv[max(i-1, 0)]] && out[i] == "--api-key" && out[i+1] != Mask {
				t.Fatalf("value after --api-key shown: %q", out)
			}
		}
		_ = MaskString(joined)
	})
}

// TestSecretSpellings: a flag or variable whose name's last word is a
// key, token, secret, password (or bearer, auth, credentials, pwd) hides
// its value in every spelling and both flag forms; names that only start
// with such a word, or name a file, keep theirs.
func TestSecretSpellings(t *testing.T) {
	secret := []string{
		"--apikey", "--api-key", "--api_key", "--apiKey", "--APIKey", "--API-KEY", "--API_KEY", "-apikey", "-api-key",
		"--authtoken", "--auth-token", "--authToken", "--auth_token", "--AUTH-TOKEN",
		"--bearer", "--bearer-token", "--Bearer",
		"--hf_token", "--hf-token", "--hfToken", "--HF_TOKEN", "-hft",
		"--client-secret", "--clientSecret", "--client_secret", "--secret", "--app-secrets",
		"--db-password", "--dbPassword", "--password", "--PASSWORD", "--passwd", "--db-passwd", "--pwd",
		"--private-key", "--key", "--openai-api-key", "--access-token", "--token",
		"--auth", "--basic-auth", "--basicAuth", "--authorization", "--credential", "--credentials", "--aws-credentials",
		"--api-keys", "--apiKeys", "--password-file",
	}
	for _, f := range secret {
		spaced := MaskArgs([]string{"x", f, "K1", "--port", "8080"})
		if want := []string{"x", f, Mask, "--port", "8080"}; !slices.Equal(spaced, want) {
			t.Errorf("MaskArgs(%s K1) = %q, want %q", f, spaced, want)
		}
		joined := MaskArgs([]string{"x", f + "=K1"})
		if want := []string{"x", f + "=" + Mask}; !slices.Equal(joined, want) {
			t.Errorf("MaskArgs(%s=K1) = %q, want %q", f, joined, want)
		}
		if got := MaskString("x " + f + " K1 -c 1"); got != "x "+f+" "+Mask+" -c 1" {
			t.Errorf("MaskString(%s K1) = %q", f, got)
		}
	}
	env := []string{"FOO_APIKEY", "MY_SECRET", "HF_TOKEN", "OPENAI_API_KEY", "DB_PASSWORD", "DB_PASSWORD_FILE", "GITHUB_PAT_TOKEN",
		"hf_token", "server.api_key", "api-key", "MYPASSWORD", "AWS_CREDENTIALS", "SMTP_PASSWD", "NGROK_AUTHTOKEN", "X_BEARER"}
	for _, n := range env {
		if got := MaskArgs([]string{"env", n + "=K1", "PATH=/bin"}); !slices.Equal(got, []string{"env", n + "=" + Mask, "PATH=/bin"}) {
			t.Errorf("MaskArgs(%s=K1) = %q", n, got)
		}
		if got := MaskString(`sh -c "` + n + `=K1 serve" FOO=` + n + "=K2"); strings.Contains(got, "K1") || strings.Contains(got, "K2") {
			t.Errorf("MaskString(%s=K1) = %q", n, got)
		}
	}
	plain := [][]string{
		{"--keep-alive", "5m"}, {"--max-tokens", "512"}, {"--maxTokens", "512"}, {"--token-limit", "9"}, {"--n-keys", "4"},
		{"--api-key-file", "/etc/k"}, {"--apiKeyFile", "/etc/k"}, {"--ssh-key-file", "/etc/k"}, {"--keyfile", "/etc/k"},
		{"--tokenizer", "t.json"}, {"--author", "me"}, {"--cwd", "/srv"}, {"--no-auth", "--port"}, {"--disable-token", "-v"},
		{"--keys", "a,b"}, {"--model", "m.gguf"}, {"--ctx-size", "4096"}, {"--secret-file", "/run/s"},
		{"MAX_TOKENS=512"}, {"PATH=/usr/bin"}, {"KEY_FILE=/etc/k"}, {"TOKENIZERS_PARALLELISM=false"},
	}
	for _, args := range plain {
		in := append([]string{"x"}, args...)
		if got := MaskArgs(in); !slices.Equal(got, in) {
			t.Errorf("MaskArgs(%q) = %q, want it unchanged", in, got)
		}
		if line := strings.Join(in, " "); MaskString(line) != line {
			t.Errorf("MaskString(%q) = %q, want it unchanged", line, MaskString(line))
		}
	}
}

func TestNameWords(t *testing.T) {
	for in, want := range map[string]string{
		"apiKey": "api key", "APIKey": "api key", "API_KEY": "api key", "hf-token": "hf token",
		"server.api_key": "server api key", "maxTokens": "max tokens", "x2Token": "x2 token", "": "",
	} {
		if got := strings.Join(nameWords(in), " "); got != want {
			t.Errorf("nameWords(%q) = %q, want %q", in, got, want)
		}
	}
}

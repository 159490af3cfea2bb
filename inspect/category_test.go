package inspect

import "testing"

func TestCategorize(t *testing.T) {
	cases := []struct {
		name string
		in   CategoryInput
		want string
	}{
		{"llama-server", CategoryInput{Name: "llama-server", Runtimes: []string{"CUDA", "ggml/llama.cpp"}, ModelKinds: []string{"llm"}}, CategoryAI},
		{"pytorch", CategoryInput{Name: "python3", Runtimes: []string{"CUDA", "PyTorch"}}, CategoryAI},
		{"decision hint only", CategoryInput{Name: "llama-server", Runtimes: []string{"ggml/llama.cpp"}, ModelKinds: []string{"unknown"}, ModelHints: []string{"decision"}}, CategoryDecision},
		// a community OpenJev GGUF without decision.type reads as a plain
		// causal LLM: its name hint still makes the process decision?
		{"decision hint on a generic llm header", CategoryInput{Name: "llama-server", Runtimes: []string{"ggml/llama.cpp"}, ModelKinds: []string{"llm"}, ModelHints: []string{"decision"}}, CategoryDecision},
		{"header kind beats hint", CategoryInput{ModelKinds: []string{"embedding"}, ModelHints: []string{"decision"}}, CategoryAI},
		{"decision header", CategoryInput{ModelKinds: []string{"decision"}}, CategoryAI},
		{"cuda alone is not AI", CategoryInput{Name: "blender", Runtimes: []string{"CUDA"}}, CategoryOther},
		{"browser with GL", CategoryInput{Name: "chrome", Runtimes: []string{"Vulkan", "OpenGL/EGL"}, Graphics: true}, CategoryBrowser},
		{"firefox by exe", CategoryInput{Name: "GeckoMain", Exe: "/usr/lib/firefox-esr/firefox-esr"}, CategoryBrowser},
		{"compositor", CategoryInput{Name: "Xorg", Graphics: true}, CategoryCompositor},
		{"gnome-shell", CategoryInput{Name: "gnome-shell", Runtimes: []string{"OpenGL/EGL"}}, CategoryCompositor},
		{"game", CategoryInput{Name: "hl2_linux", Runtimes: []string{"Vulkan"}}, CategoryGraphics},
		{"windows game on D3D12", CategoryInput{Name: "Cyberpunk2077.exe", Runtimes: []string{"Direct3D 12"}}, CategoryGraphics},
		{"DirectML is AI", CategoryInput{Name: "photos.exe", Runtimes: []string{"Direct3D 12", "DirectML"}}, CategoryAI},
		{"edge on D3D12 is a browser", CategoryInput{Name: "msedge.exe", Runtimes: []string{"Direct3D 12"}}, CategoryBrowser},
		{"graphics list", CategoryInput{Name: "something", Graphics: true}, CategoryGraphics},
		{"ffmpeg", CategoryInput{Name: "ffmpeg", Runtimes: []string{"CUDA"}}, CategoryVideo},
		{"video engines", CategoryInput{Name: "transcoder", VideoEngines: true}, CategoryVideo},
		{"nothing known", CategoryInput{Name: "foo"}, CategoryOther},
	}
	for _, tc := range cases {
		if got := Categorize(tc.in); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

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
		// macOS (region walk): the README's "Python  AI  PyTorch+Metal" row
		{"PyTorch on Metal", CategoryInput{Name: "Python", Runtimes: []string{"PyTorch", "Metal"}, Graphics: true}, CategoryAI},
		{"llama.cpp on Metal", CategoryInput{Name: "llama-server", Runtimes: []string{"ggml/llama.cpp", "Metal"}}, CategoryAI},
		{"Core ML is AI", CategoryInput{Name: "Photos", Runtimes: []string{"Metal", "Core ML"}}, CategoryAI},
		// Rule: a Metal process is 3D/game only above 10 % GPU (Graphics),
		// not for loading Metal, which every app that draws does
		{"Metal alone is not 3D", CategoryInput{Name: "Notes", Runtimes: []string{"Metal"}}, CategoryOther},
		{"busy Metal is 3D", CategoryInput{Name: "Game", Runtimes: []string{"Metal"}, Graphics: true}, CategoryGraphics},
		{"Safari's GPU process", CategoryInput{Name: "com.apple.WebKit.GPU", Runtimes: []string{"Metal"}, Graphics: true}, CategoryBrowser},
		{"Chrome's GPU helper", CategoryInput{Name: "Google Chrome Helper (GPU)", Graphics: true}, CategoryBrowser},
		{"WindowServer", CategoryInput{Name: "WindowServer", Runtimes: []string{"Metal"}, Graphics: true}, CategoryCompositor},
	}
	for _, tc := range cases {
		if got := Categorize(tc.in); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

package inspect

import (
	"testing"

	"github.com/gputaskman/gtm/internal/schema"
)

func TestCategorize(t *testing.T) {
	cases := []struct {
		name string
		in   CategoryInput
		want string
	}{
		{"llama-server", CategoryInput{Name: "llama-server", Runtimes: []string{"CUDA", "ggml/llama.cpp"}, ModelKinds: []string{"llm"}}, schema.CategoryAI},
		{"pytorch", CategoryInput{Name: "python3", Runtimes: []string{"CUDA", "PyTorch"}}, schema.CategoryAI},
		{"decision hint only", CategoryInput{Name: "llama-server", Runtimes: []string{"ggml/llama.cpp"}, ModelKinds: []string{"unknown"}, ModelHints: []string{"decision"}}, schema.CategoryDecision},
		// a community OpenJev GGUF without decision.type reads as a plain
		// causal LLM: its name hint still makes the process decision?
		{"decision hint on a generic llm header", CategoryInput{Name: "llama-server", Runtimes: []string{"ggml/llama.cpp"}, ModelKinds: []string{"llm"}, ModelHints: []string{"decision"}}, schema.CategoryDecision},
		{"header kind beats hint", CategoryInput{ModelKinds: []string{"embedding"}, ModelHints: []string{"decision"}}, schema.CategoryAI},
		{"decision header", CategoryInput{ModelKinds: []string{"decision"}}, schema.CategoryAI},
		{"cuda alone is not AI", CategoryInput{Name: "blender", Runtimes: []string{"CUDA"}}, schema.CategoryOther},
		{"browser with GL", CategoryInput{Name: "chrome", Runtimes: []string{"Vulkan", "OpenGL/EGL"}, Graphics: true}, schema.CategoryBrowser},
		{"firefox by exe", CategoryInput{Name: "GeckoMain", Exe: "/usr/lib/firefox-esr/firefox-esr"}, schema.CategoryBrowser},
		{"compositor", CategoryInput{Name: "Xorg", Graphics: true}, schema.CategoryCompositor},
		{"gnome-shell", CategoryInput{Name: "gnome-shell", Runtimes: []string{"OpenGL/EGL"}}, schema.CategoryCompositor},
		{"game", CategoryInput{Name: "hl2_linux", Runtimes: []string{"Vulkan"}}, schema.CategoryGraphics},
		{"windows game on D3D12", CategoryInput{Name: "Cyberpunk2077.exe", Runtimes: []string{"Direct3D 12"}}, schema.CategoryGraphics},
		{"DirectML is AI", CategoryInput{Name: "photos.exe", Runtimes: []string{"Direct3D 12", "DirectML"}}, schema.CategoryAI},
		{"edge on D3D12 is a browser", CategoryInput{Name: "msedge.exe", Runtimes: []string{"Direct3D 12"}}, schema.CategoryBrowser},
		{"graphics list", CategoryInput{Name: "something", Graphics: true}, schema.CategoryGraphics},
		{"ffmpeg", CategoryInput{Name: "ffmpeg", Runtimes: []string{"CUDA"}}, schema.CategoryVideo},
		{"video engines", CategoryInput{Name: "transcoder", VideoEngines: true}, schema.CategoryVideo},
		{"nothing known", CategoryInput{Name: "foo"}, schema.CategoryOther},
		// macOS (region walk): the README's "Python  AI  PyTorch+Metal" row
		{"PyTorch on Metal", CategoryInput{Name: "Python", Runtimes: []string{"PyTorch", "Metal"}, Graphics: true}, schema.CategoryAI},
		{"llama.cpp on Metal", CategoryInput{Name: "llama-server", Runtimes: []string{"ggml/llama.cpp", "Metal"}}, schema.CategoryAI},
		{"Core ML is AI", CategoryInput{Name: "Photos", Runtimes: []string{"Metal", "Core ML"}}, schema.CategoryAI},
		// Rule: a Metal process is 3D/game only above 10 % GPU (Graphics),
		// not for loading Metal, which every app that draws does
		{"Metal alone is not 3D", CategoryInput{Name: "Notes", Runtimes: []string{"Metal"}}, schema.CategoryOther},
		{"busy Metal is 3D", CategoryInput{Name: "Game", Runtimes: []string{"Metal"}, Graphics: true}, schema.CategoryGraphics},
		{"Safari's GPU process", CategoryInput{Name: "com.apple.WebKit.GPU", Runtimes: []string{"Metal"}, Graphics: true}, schema.CategoryBrowser},
		{"Chrome's GPU helper", CategoryInput{Name: "Google Chrome Helper (GPU)", Graphics: true}, schema.CategoryBrowser},
		{"WindowServer", CategoryInput{Name: "WindowServer", Runtimes: []string{"Metal"}, Graphics: true}, schema.CategoryCompositor},
	}
	for _, tc := range cases {
		if got := Categorize(tc.in); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

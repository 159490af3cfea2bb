package inspect

import (
	"path/filepath"
	"strings"

	"github.com/gputaskman/gtm/internal/schema"
)

// CategoryInput is what classification looks at: the process's names, the
// runtimes found in it, its models' kinds and hints, and whether the
// driver saw it on the graphics list or using the video engines.
type CategoryInput struct {
	Name, Exe    string
	Runtimes     []string // runtime names, e.g. "ggml/llama.cpp", "Vulkan"
	ModelKinds   []string // header kinds of models with load evidence
	ModelHints   []string // kind hints of those models ("decision")
	Graphics     bool     // on NVML's graphics process list
	VideoEngines bool     // encoder or decoder busy
}

// aiRuntimes are runtimes that mean AI work on their own. CUDA or HIP alone
// do not: renderers and simulations use them too.
var aiRuntimes = map[string]bool{
	"ggml/llama.cpp": true, "ONNX Runtime": true, "PyTorch": true, "TensorFlow": true,
	"TensorRT": true, "MLX": true, "OpenVINO": true, "DirectML": true, "Core ML": true,
}

var browsers = names("chrome", "chromium", "chromium-browser", "firefox", "firefox-esr", "msedge", "brave",
	"opera", "vivaldi", "epiphany", "librewolf", "zen", "chrome.exe", "msedge.exe", "firefox.exe", "brave.exe",
	// macOS: the browsers' GPU processes draw for them
	"safari", "com.apple.webkit.gpu", "google chrome", "google chrome helper (gpu)", "microsoft edge",
	"microsoft edge helper (gpu)", "brave browser", "brave browser helper (gpu)")

var compositors = names("xorg", "x", "xwayland", "gnome-shell", "kwin_wayland", "kwin_x11", "sway", "weston",
	"mutter", "hyprland", "labwc", "wayfire", "picom", "compiz", "cosmic-comp", "niri", "dwm.exe", "windowserver")

var videoApps = names("ffmpeg", "ffplay", "obs", "obs64.exe", "vlc", "mpv", "gst-launch-1.0", "handbrakecli", "ghb",
	"kdenlive", "shotcut", "resolve", "totem", "celluloid")

func names(list ...string) map[string]bool {
	m := make(map[string]bool, len(list))
	for _, n := range list {
		m[n] = true
	}
	return m
}

// Categorize puts a process in one category. Specific evidence wins over
// names: a model header kind beats a name hint, an AI runtime beats the
// graphics APIs every AI runtime also loads.
func Categorize(in CategoryInput) string {
	// "llm" is the header's generic reading (a causal model with layers);
	// only specific metadata (decision.type, pooling, stt.*, ...) beats a
	// name hint, as the seed's community OpenJev GGUF shows.
	specificKind, hinted := false, false
	for _, k := range in.ModelKinds {
		if k != "" && k != "unknown" && k != "llm" {
			specificKind = true
		}
	}
	for _, h := range in.ModelHints {
		if h != "" {
			hinted = true
		}
	}
	if hinted && !specificKind {
		return schema.CategoryDecision
	}
	if len(in.ModelKinds) > 0 {
		return schema.CategoryAI
	}
	for _, r := range in.Runtimes {
		if aiRuntimes[r] {
			return schema.CategoryAI
		}
	}
	n := strings.ToLower(in.Name)
	exe := strings.ToLower(filepath.Base(in.Exe))
	switch {
	case browsers[n] || browsers[exe]:
		return schema.CategoryBrowser
	case compositors[n] || compositors[exe]:
		return schema.CategoryCompositor
	case videoApps[n] || videoApps[exe]:
		return schema.CategoryVideo
	}
	// Metal is not here: every macOS app that draws loads it; a Metal
	// process is graphics only when the backend saw it busy (Graphics).
	for _, r := range in.Runtimes {
		if r == "Vulkan" || r == "OpenGL/EGL" || r == "Direct3D 12" {
			return schema.CategoryGraphics
		}
	}
	if in.Graphics {
		return schema.CategoryGraphics
	}
	if in.VideoEngines {
		return schema.CategoryVideo
	}
	return schema.CategoryOther
}

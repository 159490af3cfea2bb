package procmaps

import "testing"

func TestLibraryStem(t *testing.T) {
	for name, want := range map[string]string{
		"/usr/lib/x86_64-linux-gnu/libcudart.so.12.4.127": "libcudart",
		"libcuda.so":                              "libcuda",
		"libcuda.so.1":                            "libcuda",
		"libggml-cpu-haswell.so":                  "libggml-cpu-haswell",
		"libglib-2.0.so.0.8000.0":                 "libglib-2.0",
		"libstdc++.so.6.0.33":                     "libstdc++",
		"ld-linux-x86-64.so.2":                    "ld-linux-x86-64",
		"libcudart-9335f6a2.so.12":                "libcudart-9335f6a2",
		"_pywrap_tensorflow_internal.so":          "_pywrap_tensorflow_internal",
		"_C.cpython-312-x86_64-linux-gnu.so":      "_C.cpython-312-x86_64-linux-gnu",
		"libx.sox.so":                             "libx.sox",
		"/opt/My Libs/libfoo.so":                  "libfoo",
		"libggml-metal.dylib":                     "libggml-metal",
		"libcudart.12.0.dylib":                    "libcudart",
		"libmlx.dylib":                            "libmlx",
		"libfoo.v2.dylib":                         "libfoo.v2",
		`C:\Program Files\NVIDIA\cudart64_12.dll`: "cudart64_12",
		"OPENGL32.DLL":                            "OPENGL32",
		"vulkan-1.dll":                            "vulkan-1",
		"C:/llama/ggml-cuda.dll":                  "ggml-cuda",
	} {
		got, ok := LibraryStem(name)
		if !ok || got != want {
			t.Errorf("LibraryStem(%q) = %q, %v; want %q", name, got, ok, want)
		}
		if !IsLibrary(name) {
			t.Errorf("IsLibrary(%q) = false", name)
		}
	}
	for _, name := range []string{
		"", "/models/qwen3.gguf", "/usr/local/bin/llama-server", "/dev/nvidia0",
		".so", "libfoo.so.bak", "libfoo.so.", "libfoo.sox", "/usr/lib/locale/locale-archive",
		"libfoo.solver", "model.safetensors", "x.dll.txt", "/dll", "dylib",
	} {
		if got, ok := LibraryStem(name); ok {
			t.Errorf("LibraryStem(%q) = %q, true; want not a library", name, got)
		}
	}
}

func TestBaseName(t *testing.T) {
	for in, want := range map[string]string{"/a/b.so": "b.so", `C:\x\y.dll`: "y.dll", "z": "z", "/a/": ""} {
		if got := BaseName(in); got != want {
			t.Errorf("BaseName(%q) = %q, want %q", in, got, want)
		}
	}
}

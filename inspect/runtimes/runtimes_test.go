package runtimes

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/procmaps"
)

// label is "Runtime" or "Runtime (detail)" for one library, "" for none.
func label(name string) string {
	i, _, ok := classify(name)
	if !ok {
		return ""
	}
	return Runtime{Name: index().rules[i].runtime, Detail: index().rules[i].detail}.String()
}

// TestClassifyGPUAPIs: the vendors' compute and graphics APIs.
func TestClassifyGPUAPIs(t *testing.T) {
	checkLabels(t, map[string]string{
		// CUDA
		"/usr/lib/x86_64-linux-gnu/libcuda.so.1": CUDA,
		"libcuda.so.560.35.03":                   CUDA,
		"libcuda.so":                             CUDA,
		"libcudart.so.12.4.127":                  CUDA,
		"libcudart-9335f6a2.so.12":               CUDA, // auditwheel-vendored copy
		"libcublas.so.12":                        CUDA,
		"libcublasLt.so.12":                      CUDA,
		"libcudnn.so.9":                          CUDA,
		"libcudnn_ops.so.9":                      CUDA,
		"libcudnn_engines_precompiled.so.9":      CUDA,
		"libnvrtc.so.12":                         CUDA,
		"libnvrtc-builtins.so.12.4":              CUDA,
		"libcufft.so.11":                         CUDA,
		"libcusparse.so.12":                      CUDA,
		"libnccl.so.2":                           CUDA,
		`C:\Windows\System32\nvcuda.dll`:         CUDA,
		"cudart64_12.dll":                        CUDA,
		"CUDART64_12.DLL":                        CUDA,
		"cublasLt64_12.dll":                      CUDA,
		"cudnn64_9.dll":                          CUDA,
		"nvrtc64_120_0.dll":                      CUDA,
		"libcudart.12.dylib":                     CUDA,
		// HIP/ROCm
		"/opt/rocm/lib/libamdhip64.so.6.2.60200": HIP,
		"libhipblas.so.2":                        HIP,
		"libhipblaslt.so.0":                      HIP,
		"librocblas.so.4":                        HIP,
		"libMIOpen.so.1":                         HIP,
		"librccl.so.1":                           HIP,
		"libhsa-runtime64.so.1":                  HIP,
		"amdhip64_6.dll":                         HIP,
		// Vulkan
		"libvulkan.so.1":      Vulkan,
		"libvulkan_radeon.so": Vulkan,
		"vulkan-1.dll":        Vulkan,
		"libMoltenVK.dylib":   Vulkan,
		"libvulkan.1.3.dylib": Vulkan,
		// OpenGL/EGL
		"libGL.so.1":              OpenGL,
		"libGLX.so.0":             OpenGL,
		"libGLX_nvidia.so.0":      OpenGL,
		"libGLX_mesa.so.0":        OpenGL,
		"libEGL.so.1":             OpenGL,
		"libEGL_nvidia.so.0":      OpenGL,
		"libGLESv2.so.2":          OpenGL,
		"libGLESv1_CM.so.1":       OpenGL,
		"libOpenGL.so.0":          OpenGL,
		"libGLdispatch.so.0":      OpenGL,
		"opengl32.dll":            OpenGL,
		`C:\WINDOWS\OPENGL32.DLL`: OpenGL,
		// Windows-only APIs, named as Toolhelp lists a process's modules
		`C:\Windows\SYSTEM32\d3d12.dll`:     D3D12,
		`C:\Windows\SYSTEM32\D3D12Core.dll`: D3D12,
		"libd3d12.so":                       D3D12, // WSL
		`C:\Program Files\App\DirectML.dll`: DirectML,
		"directml.dll":                      DirectML,
		`C:\Windows\System32\vulkan-1.dll`:  Vulkan,
		`C:\llama\ggml-cuda.dll`:            GGML + " (CUDA)",
	})
}

// TestClassifyFrameworks: inference engines and ML frameworks, with the
// backend a library of theirs names.
func TestClassifyFrameworks(t *testing.T) {
	checkLabels(t, map[string]string{
		// ggml / llama.cpp and its backends
		"libggml.so":                 GGML,
		"libggml-base.so":            GGML,
		"libllama.so":                GGML,
		"libggml-cuda.so":            GGML + " (CUDA)",
		"libggml-vulkan.so":          GGML + " (Vulkan)",
		"libggml-hip.so":             GGML + " (HIP)",
		"libggml-metal.dylib":        GGML + " (Metal)",
		"libggml-sycl.so":            GGML + " (SYCL)",
		"libggml-cpu.so":             GGML + " (CPU)",
		"libggml-cpu-haswell.so":     GGML + " (CPU)",
		"libggml-cpu-sandybridge.so": GGML + " (CPU)",
		"ggml-cuda.dll":              GGML + " (CUDA)",
		"ggml-cpu-x64.dll":           GGML + " (CPU)",
		"llama.dll":                  GGML,
		"libggml-cpufeatures.so":     GGML, // not "ggml-cpu" at a boundary
		"libggml-cuda-0c9f2a.so":     GGML + " (CUDA)",
		// ONNX Runtime and its execution providers
		"libonnxruntime.so.1.20.1":             ONNXRuntime,
		"libonnxruntime_providers_shared.so":   ONNXRuntime,
		"libonnxruntime_providers_cuda.so":     ONNXRuntime + " (CUDA EP)",
		"libonnxruntime_providers_tensorrt.so": ONNXRuntime + " (TensorRT EP)",
		"libonnxruntime_providers_rocm.so":     ONNXRuntime + " (ROCm EP)",
		"libonnxruntime_providers_openvino.so": ONNXRuntime + " (OpenVINO EP)",
		"onnxruntime.dll":                      ONNXRuntime,
		"onnxruntime_providers_dml.dll":        ONNXRuntime + " (DirectML EP)",
		"libonnxruntime.1.20.1.dylib":          ONNXRuntime,
		// PyTorch
		"libtorch.so":             PyTorch,
		"libtorch_cpu.so":         PyTorch,
		"libtorch_python.so":      PyTorch,
		"libtorch_global_deps.so": PyTorch,
		"libc10.so":               PyTorch,
		"libtorch_cuda.so":        PyTorch + " (CUDA)",
		"libtorch_cuda_linalg.so": PyTorch + " (CUDA)",
		"libc10_cuda.so":          PyTorch + " (CUDA)",
		"libtorch_hip.so":         PyTorch + " (ROCm)",
		"libc10_hip.so":           PyTorch + " (ROCm)",
		"torch_cuda.dll":          PyTorch + " (CUDA)",
		"c10.dll":                 PyTorch,
		// TensorFlow
		"libtensorflow_framework.so.2":                                   TensorFlow,
		"libtensorflow_cc.so.2":                                          TensorFlow,
		"site-packages/tensorflow/python/_pywrap_tensorflow_internal.so": TensorFlow,
		"libtensorflow.so.2":                                             TensorFlow,
		// TensorRT
		"libnvinfer.so.10":        TensorRT,
		"libnvinfer_plugin.so.10": TensorRT,
		"libnvonnxparser.so.10":   TensorRT,
		"nvinfer_10.dll":          TensorRT,
		// MLX
		"libmlx.dylib": MLX,
		"libmlx.so":    MLX,
		// OpenVINO
		"libopenvino.so.2500":             OpenVINO,
		"libopenvino_c.so.2500":           OpenVINO,
		"libopenvino_intel_gpu_plugin.so": OpenVINO + " (GPU plugin)",
		"libopenvino_intel_cpu_plugin.so": OpenVINO + " (CPU plugin)",
		"libopenvino_intel_npu_plugin.so": OpenVINO + " (NPU plugin)",
		"openvino.dll":                    OpenVINO,
	})
}

// TestClassifyMacOS: dylibs, frameworks and bundles; and NVML.
func TestClassifyMacOS(t *testing.T) {
	checkLabels(t, map[string]string{
		// macOS: dylibs by stem, frameworks and bundles by folder
		"/opt/homebrew/lib/libggml-metal.0.dylib":                                                         GGML + " (Metal)",
		"/opt/homebrew/lib/libllama.dylib":                                                                GGML,
		"/opt/homebrew/lib/libggml-blas.dylib":                                                            GGML + " (BLAS)",
		"/venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.dylib":                                 PyTorch,
		"/venv/lib/python3.12/site-packages/torch/lib/libc10.dylib":                                       PyTorch,
		"/venv/lib/python3.12/site-packages/mlx/lib/libmlx.dylib":                                         MLX,
		"/Applications/App.app/Contents/Frameworks/libonnxruntime.1.20.1.dylib":                           ONNXRuntime,
		"/opt/homebrew/lib/libMoltenVK.dylib":                                                             Vulkan,
		"/usr/local/lib/libvulkan.1.dylib":                                                                Vulkan,
		"/System/Library/Frameworks/Metal.framework/Versions/A/Metal":                                     Metal,
		"/System/Library/Extensions/AGXMetalG16G_B0.bundle/Contents/MacOS/AGXMetalG16G_B0":                Metal,
		"/System/Library/Extensions/agxmetal13_3.bundle/Contents/MacOS/AGXMetal13_3":                      Metal, // any case
		"/System/Library/Frameworks/MetalPerformanceShaders.framework/Versions/A/MetalPerformanceShaders": Metal + " (MPS)",
		// MPSCore is not listed: the folder around it is
		"/System/Library/Frameworks/MetalPerformanceShaders.framework/Versions/A/Frameworks/MPSCore.framework/Versions/A/MPSCore": Metal + " (MPS)",
		"/System/Library/Frameworks/MetalPerformanceShadersGraph.framework/Versions/A/MetalPerformanceShadersGraph":               Metal + " (MPS)",
		"/System/Library/Frameworks/CoreML.framework/Versions/A/CoreML":                                                           CoreML,
		// a library the table knows wins over the folder it sits in
		"/Applications/App.app/Contents/Frameworks/Metal.framework/libggml-metal.dylib": GGML + " (Metal)",
		"/System/Library/Frameworks/MetalKit.framework/Versions/A/MetalKit":             "", // not Metal.framework
		"/System/Library/Extensions/AGXFirmware.bundle/Contents/MacOS/AGXFirmware":      "",
		"/Library/Metal.framework.bak/Metal":                                            "",
		"/Users/ann/Metal.framework":                                                    "", // the file itself, not a folder
		// NVML (reported only through Detect's NVML-only rule)
		"libnvidia-ml.so.1": nvml,
		"nvml.dll":          nvml,
	})
}

// TestClassifyNearMisses: libraries named like a runtime that are none.
func TestClassifyNearMisses(t *testing.T) {
	checkLabels(t, map[string]string{
		// Not runtimes, though close in name.
		"libcudaq.so":                   "", // CUDA-Q quantum SDK, not the CUDA driver
		"libcudadebugger.so.1":          "",
		"libglib-2.0.so.0":              "",
		"glib-2.0-0.dll":                "",
		"libGLU.so.1":                   "",
		"libGLEW.so.2.2":                "",
		"libgl.so":                      "", // case matters on Linux
		"libmlx5.so.1":                  "", // Mellanox RDMA provider
		"libmlx4.so.1":                  "",
		"libnvidia-glcore.so.560.35.03": "",
		"libnvidia-ptxjitcompiler.so.1": "",
		"libtorchaudio.so":              "",
		"libc10d.so":                    "",
		"libc.so.6":                     "",
		"libcc.so":                      "",
		"libhip.so":                     "",
		"libllamafile.so":               "",
		"libggmlx.so":                   "",
		"libvulkanish.so":               "",
		"d3d11.dll":                     "", // every Direct2D UI loads it
		"d3d12x.dll":                    "",
		"libDirectMLish.so":             "",
		"libEGLX.so":                    "",
		"libonnx.so":                    "",
		"libopenvinoish.so":             "",
		"libtensor.so":                  "",
		"libnvinfer.txt":                "", // not a library
		"/models/libcuda.so.gguf":       "",
		"/models/qwen3.gguf":            "",
		"libcuda":                       "",
		"cuda.dll.bak":                  "",
		"":                              "",
	})
}

// checkLabels checks the label of each library path.
func checkLabels(t *testing.T, want map[string]string) {
	t.Helper()
	for name, w := range want {
		if got := label(name); got != w {
			t.Errorf("%q → %q, want %q", name, got, w)
		}
	}
}

// Every stem in the table is found in its Linux and Windows forms.
func TestTableStemsMatchThemselves(t *testing.T) {
	for _, r := range table {
		for _, s := range strings.Fields(r.stems) {
			for _, name := range []string{"lib" + s + ".so.1", s + ".dll", strings.ToUpper(s) + ".DLL"} {
				i, _, ok := classify(name)
				if !ok || index().rules[i].runtime != r.runtime || table[i].detail != r.detail {
					t.Errorf("%q does not give its own line %+v", name, r)
				}
			}
		}
	}
}

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		name string
		libs []string
		want []Runtime
	}{
		{"nothing", []string{"/usr/lib/libc.so.6", "/models/x.gguf", "[heap]"}, nil},
		{"llama.cpp on CUDA", []string{
			"/opt/llama/libggml-cuda.so", "/usr/lib/libcuda.so.1", "/opt/llama/libggml-cpu-haswell.so",
			"/opt/llama/libllama.so", "/usr/local/cuda/lib64/libcudart.so.12", "/usr/local/cuda/lib64/libcublas.so.12",
			"/opt/llama/libggml-base.so", "/opt/llama/libggml.so", "/usr/lib/libnvidia-ml.so.1", "/usr/lib/libc.so.6",
		}, []Runtime{
			{CUDA, "", []string{"libcublas.so.12", "libcuda.so.1", "libcudart.so.12"}},
			{GGML, "CUDA, CPU", []string{"libggml-base.so", "libggml-cpu-haswell.so", "libggml-cuda.so", "libggml.so", "libllama.so"}},
		}},
		{"llama-server on a Mac (region walk)", []string{
			"/opt/homebrew/Cellar/llama.cpp/5400/bin/llama-server", "/opt/homebrew/Cellar/llama.cpp/5400/lib/libggml-metal.0.dylib",
			"/opt/homebrew/Cellar/llama.cpp/5400/lib/libllama.dylib", "/opt/homebrew/Cellar/llama.cpp/5400/lib/libggml-base.dylib",
			"/System/Library/Extensions/AGXMetalG16G_B0.bundle/Contents/MacOS/AGXMetalG16G_B0", "/Users/ann/models/q.gguf", "/usr/lib/dyld",
		}, []Runtime{
			{GGML, "Metal", []string{"libggml-base.dylib", "libggml-metal.0.dylib", "libllama.dylib"}},
			{Metal, "", []string{"AGXMetalG16G_B0.bundle"}},
		}},
		{"PyTorch on MPS", []string{
			"/venv/torch/lib/libtorch_cpu.dylib", "/venv/torch/lib/libc10.dylib", "/venv/torch/lib/libtorch_python.dylib",
			"/System/Library/Frameworks/MetalPerformanceShadersGraph.framework/Versions/A/MetalPerformanceShadersGraph",
			"/System/Library/Extensions/AGXMetalG16G_B0.bundle/Contents/MacOS/AGXMetalG16G_B0",
		}, []Runtime{
			{PyTorch, "", []string{"libc10.dylib", "libtorch_cpu.dylib", "libtorch_python.dylib"}},
			{Metal, "MPS", []string{"AGXMetalG16G_B0.bundle", "MetalPerformanceShadersGraph.framework"}},
		}},
		{"nvidia-smi", []string{"/usr/lib/libnvidia-ml.so.560.35.03", "/usr/lib/libc.so.6"},
			[]Runtime{{NVMLOnly, "", []string{"libnvidia-ml.so.560.35.03"}}}},
		{"gtm window: GL and NVML", []string{"libGL.so.1", "libGLX.so.0", "libGLdispatch.so.0", "libnvidia-ml.so.1"},
			[]Runtime{{OpenGL, "", []string{"libGL.so.1", "libGLX.so.0", "libGLdispatch.so.0"}}}},
		{"PyTorch on CUDA, same library twice", []string{
			"/venv/torch/lib/libtorch_cuda.so", "/venv/torch/lib/libc10.so", "/venv/torch/lib/libtorch_cpu.so",
			"/venv/torch/lib/libc10_cuda.so", "/venv/nvidia/cudnn/lib/libcudnn.so.9", "/other/copy/libc10.so",
		}, []Runtime{
			{CUDA, "", []string{"libcudnn.so.9"}},
			{PyTorch, "CUDA", []string{"libc10.so", "libc10_cuda.so", "libtorch_cpu.so", "libtorch_cuda.so"}},
		}},
		{"ONNX Runtime providers in table order", []string{
			"libonnxruntime_providers_tensorrt.so", "libonnxruntime.so.1", "libonnxruntime_providers_cuda.so",
			"libonnxruntime_providers_shared.so", "libnvinfer.so.10",
		}, []Runtime{
			{ONNXRuntime, "CUDA EP, TensorRT EP", []string{"libonnxruntime.so.1", "libonnxruntime_providers_cuda.so", "libonnxruntime_providers_shared.so", "libonnxruntime_providers_tensorrt.so"}},
			{TensorRT, "", []string{"libnvinfer.so.10"}},
		}},
		{"Windows llama.cpp", []string{`C:\llama\ggml-vulkan.dll`, `C:\Windows\System32\vulkan-1.dll`, `C:\llama\llama.dll`, `C:\Windows\System32\nvml.dll`},
			[]Runtime{{Vulkan, "", []string{"vulkan-1.dll"}}, {GGML, "Vulkan", []string{"ggml-vulkan.dll", "llama.dll"}}}},
		{"macOS MLX and Metal ggml", []string{"/opt/homebrew/lib/libmlx.dylib", "/opt/homebrew/lib/libggml-metal.dylib"},
			[]Runtime{{GGML, "Metal", []string{"libggml-metal.dylib"}}, {MLX, "", []string{"libmlx.dylib"}}}},
	} {
		got := Detect(tc.libs)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tc.name, got, tc.want)
		}
		// Order of input does not change the result.
		rev := append([]string(nil), tc.libs...)
		for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
			rev[i], rev[j] = rev[j], rev[i]
		}
		if again := Detect(rev); !reflect.DeepEqual(again, got) {
			t.Errorf("%s: reversed input gives %+v", tc.name, again)
		}
	}
}

func TestFromMapsFakeTree(t *testing.T) {
	m, err := procmaps.Scan("../procmaps/testdata/proc", 4242)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range FromMaps(m) {
		got = append(got, r.String())
	}
	if want := []string{"CUDA", "ggml/llama.cpp (CUDA, CPU)"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCaveat(t *testing.T) {
	if !strings.Contains(Caveat, "not that it is doing GPU work") {
		t.Errorf("Caveat %q", Caveat)
	}
}

// BenchmarkFromMaps: detection over a CUDA llama-server's 16 libraries.
func BenchmarkFromMaps(b *testing.B) {
	m, err := procmaps.Scan("../procmaps/testdata/proc", 4242)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if len(FromMaps(m)) == 0 {
			b.Fatal("nothing found")
		}
	}
}

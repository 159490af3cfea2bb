package runtimes

// Runtime names, as the UI shows them.
const (
	CUDA        = "CUDA"
	HIP         = "HIP/ROCm"
	Vulkan      = "Vulkan"
	OpenGL      = "OpenGL/EGL"
	D3D12       = "Direct3D 12"
	DirectML    = "DirectML"
	GGML        = "ggml/llama.cpp"
	ONNXRuntime = "ONNX Runtime"
	PyTorch     = "PyTorch"
	TensorFlow  = "TensorFlow"
	TensorRT    = "TensorRT"
	MLX         = "MLX"
	OpenVINO    = "OpenVINO"
	Metal       = "Metal"
	CoreML      = "Core ML"
	NVMLOnly    = "NVML only"
)

// nvml marks the NVIDIA management library. It is not reported as a
// runtime itself: a process with nothing else but it becomes NVMLOnly.
const nvml = "NVML"

// rule is one table line: library stems that reveal a runtime, and the
// variant (backend, execution provider, plugin) they show, if any.
//
// A stem is a library's base name without "lib", suffix and version
// (libcudart.so.12.4 → cudart). It matches a library whose stem is the
// same, or begins with it followed by '-', '_' or '.': "ggml" matches
// ggml-base and ggml-cuda, "cudart" matches cudart64_12 (Windows) and
// cudart-9335f6a2 (a pip wheel's vendored copy). Letters and digits are
// not a boundary, so "GL" does not match GLU or glib, "cuda" not cudaq
// (CUDA-Q, a quantum SDK) and "mlx" not mlx5 (the Mellanox RDMA driver).
// The longest matching stem wins, so a variant line refines its family's.
// Windows names (.dll) match ignoring case.
type rule struct {
	runtime string
	detail  string
	stems   string // space-separated
}

// table is in display order: runtimes are reported in the order of their
// first line, variants in the order of their lines.
var table = []rule{
	{CUDA, "", "cuda cudart cublas cublasLt cudnn nvrtc cufft cusparse cusparseLt cusolver curand nccl"},
	{CUDA, "", "nvcuda cudart64 cublas64 cublasLt64 cudnn64 nvrtc64 cufft64 cusparse64 cusolver64 curand64"}, // Windows
	{HIP, "", "amdhip64 hiprtc hipblas hipblaslt rocblas MIOpen rccl hsa-runtime64"},
	{Vulkan, "", "vulkan MoltenVK"}, // vulkan-1.dll; libvulkan_radeon and other Mesa drivers
	{OpenGL, "", "GL GLX EGL GLESv1_CM GLESv2 OpenGL GLdispatch opengl32"},
	{D3D12, "", "d3d12 d3d12core"}, // d3d12.dll; libd3d12.so under WSL
	{GGML, "", "ggml llama"},
	{GGML, "CUDA", "ggml-cuda"},
	{GGML, "HIP", "ggml-hip"},
	{GGML, "Vulkan", "ggml-vulkan"},
	{GGML, "Metal", "ggml-metal"},
	{GGML, "SYCL", "ggml-sycl"},
	{GGML, "OpenCL", "ggml-opencl"},
	{GGML, "MUSA", "ggml-musa"},
	{GGML, "CANN", "ggml-cann"},
	{GGML, "BLAS", "ggml-blas"},
	{GGML, "RPC", "ggml-rpc"},
	{GGML, "CPU", "ggml-cpu"}, // also ggml-cpu-haswell, ggml-cpu-x64, ...
	{ONNXRuntime, "", "onnxruntime"},
	{ONNXRuntime, "CUDA EP", "onnxruntime_providers_cuda"},
	{ONNXRuntime, "TensorRT EP", "onnxruntime_providers_tensorrt"},
	{ONNXRuntime, "ROCm EP", "onnxruntime_providers_rocm"},
	{ONNXRuntime, "MIGraphX EP", "onnxruntime_providers_migraphx"},
	{ONNXRuntime, "OpenVINO EP", "onnxruntime_providers_openvino"},
	{ONNXRuntime, "DirectML EP", "onnxruntime_providers_dml"},
	{ONNXRuntime, "oneDNN EP", "onnxruntime_providers_dnnl"},
	{ONNXRuntime, "QNN EP", "onnxruntime_providers_qnn"},
	{DirectML, "", "DirectML"},
	{PyTorch, "", "torch c10"},
	{PyTorch, "CUDA", "torch_cuda c10_cuda"},
	{PyTorch, "ROCm", "torch_hip c10_hip"},
	{TensorFlow, "", "tensorflow _pywrap_tensorflow_internal"},
	{TensorRT, "", "nvinfer nvonnxparser"},
	{MLX, "", "mlx"},
	{OpenVINO, "", "openvino"},
	{OpenVINO, "CPU plugin", "openvino_intel_cpu_plugin"},
	{OpenVINO, "GPU plugin", "openvino_intel_gpu_plugin"},
	{OpenVINO, "NPU plugin", "openvino_intel_npu_plugin"},
	{nvml, "", "nvidia-ml nvml"},
}

// bundles are macOS frameworks and bundles, whose binaries carry no
// library suffix (Metal.framework/Versions/A/Metal, the GPU driver's
// AGXMetalG16X.bundle/Contents/MacOS/AGXMetalG16X). A path matches by the
// name of the innermost .framework or .bundle folder on it that is listed
// here, ignoring case as macOS volumes do; a name ending in "*.bundle" or
// "*.framework" matches any folder it begins (AGXMetal*.bundle: every
// Apple GPU generation's driver). A library that the table above knows
// wins over the folder it sits in.
var bundles = []rule{
	{Metal, "", "Metal.framework AGXMetal*.bundle"},
	{Metal, "MPS", "MetalPerformanceShaders.framework MetalPerformanceShadersGraph.framework"},
	{CoreML, "", "CoreML.framework"},
}

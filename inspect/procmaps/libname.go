package procmaps

import "strings"

// BaseName is the last element of a Linux, macOS or Windows path.
func BaseName(path string) string {
	return path[strings.LastIndexAny(path, `/\`)+1:]
}

// LibraryStem returns the base name of a shared library without its
// directory, suffix and version, and whether name is a shared library at
// all:
//
//	/usr/lib/libcudart.so.12.4.127 → libcudart
//	libggml-cpu-haswell.so         → libggml-cpu-haswell
//	libcudart.12.dylib             → libcudart
//	C:\CUDA\bin\cudart64_12.dll    → cudart64_12
//	model.gguf                     → "", false
//
// The .dll and .dylib suffixes are matched in any case, as Windows and
// macOS file systems do.
func LibraryStem(name string) (string, bool) {
	base := BaseName(name)
	lower := strings.ToLower(base)
	var stem string
	switch {
	case strings.HasSuffix(lower, ".dll"):
		stem = base[:len(base)-len(".dll")]
	case strings.HasSuffix(lower, ".dylib"):
		// libfoo.1.2.dylib: the version sits before the suffix.
		stem = base[:len(base)-len(".dylib")]
		for {
			i := strings.LastIndexByte(stem, '.')
			if i < 0 || !allDigits(stem[i+1:]) {
				break
			}
			stem = stem[:i]
		}
	default:
		stem = soStem(base)
	}
	return stem, stem != ""
}

// IsLibrary reports whether name looks like a shared library:
// *.so, *.so.N…, *.dylib or *.dll.
func IsLibrary(name string) bool {
	_, ok := LibraryStem(name)
	return ok
}

// soStem cuts base at the first ".so" that ends it or is followed by a
// numeric version (".so.12.4.127"), so "libx.sox.so" still gives "libx.sox".
func soStem(base string) string {
	for from := 0; ; {
		i := strings.Index(base[from:], ".so")
		if i < 0 {
			return ""
		}
		i += from
		rest := base[i+len(".so"):]
		if rest == "" || (len(rest) > 1 && rest[0] == '.' && rest[1] >= '0' && rest[1] <= '9') {
			return base[:i]
		}
		from = i + 1
	}
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

//go:build !linux

package maptest

import "io"

const swapEnv = "GTM_SWAP_CHILD"

// runSwapper: the descriptor swapper needs Linux's O_PATH and
// /proc/PID/fd (StartFDSwapper is Linux's only).
func runSwapper([]string, io.Reader, io.Writer) int { return 1 }

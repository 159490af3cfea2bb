//go:build !unix

package maptest

import "io"

const serverEnv = "GTM_SERVER_CHILD"

func runServer(io.Reader, io.Writer) int { return 1 }

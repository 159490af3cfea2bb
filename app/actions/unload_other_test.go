//go:build !linux

package actions

import "time"

func selfStart() *time.Time { return nil }

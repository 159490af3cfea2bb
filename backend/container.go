package backend

import "time"

// LocalGPUProcess is a process of our PID namespace that has libcuda
// mapped. In a container, these are the candidates for the driver's host
// PIDs; Start orders them by creation.
type LocalGPUProcess struct {
	PID   int
	Start time.Time
}

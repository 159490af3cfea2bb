package backend

import (
	"context"
	"errors"
	"time"
)

// Multi reads several GPU sources as one: NVML's devices first, then
// others (DRM), each group in its own order. Device indexes are renumbered
// so that they stay unique; process rows follow their device.
type Multi []GPU

// Name implements GPU.
func (m Multi) Name() string { return "gpu" }

// Sample implements GPU.
func (m Multi) Sample(ctx context.Context, window time.Duration) Sample {
	var out Sample
	offset := 0
	for _, g := range m {
		s := g.Sample(ctx, window)
		for _, d := range s.Devices {
			d.Index += offset
			out.Devices = append(out.Devices, d)
		}
		for _, u := range s.Usage {
			u.DeviceIndex += offset
			out.Usage = append(out.Usage, u)
		}
		out.Sources = append(out.Sources, s.Sources...)
		offset += len(s.Devices)
	}
	return out
}

// Close implements GPU.
func (m Multi) Close() error {
	var errs []error
	for _, g := range m {
		errs = append(errs, g.Close())
	}
	return errors.Join(errs...)
}

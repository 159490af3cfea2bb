package main

import "github.com/gputaskman/gtm/internal/schema"

// readCaptureFile is loadCapture's snapshots, for tests.
func readCaptureFile(path string) ([]*schema.Snapshot, error) {
	c, err := loadCapture(path)
	if err != nil {
		return nil, err
	}
	return c.Snapshots, nil
}

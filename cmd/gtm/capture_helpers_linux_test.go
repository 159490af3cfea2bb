package main

import "github.com/gputaskman/gtm/app/snapshot"

// readCaptureFile is loadCapture's snapshots, for tests.
func readCaptureFile(path string) ([]*snapshot.Snapshot, error) {
	c, err := loadCapture(path)
	if err != nil {
		return nil, err
	}
	return c.Snapshots, nil
}

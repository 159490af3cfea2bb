package cri

import (
	"testing"
)

// Whatever a runtime answers, Decode returns in bounds or fails; it never
// panics.
func FuzzDecode(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0x0a, 0x06, 0x0a, 0x01, 'a', 0x42, 0x01, 0x0a})
	f.Add([]byte{0x0a, 0x04, 0x42, 0x02, 0x0a, 0x7f})
	f.Fuzz(func(t *testing.T, b []byte) {
		cs, err := Decode(b)
		if err != nil {
			return
		}
		if len(cs) > MaxContainers {
			t.Fatalf("%d containers", len(cs))
		}
		for _, c := range cs {
			if c.ID == "" || len(c.ID) > maxIDLen || len(c.Pod) > maxValueLen || len(c.Namespace) > maxValueLen || len(c.Name) > maxValueLen {
				t.Fatalf("out of bounds: %+v", c)
			}
		}
	})
}

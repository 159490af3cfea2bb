package wddm

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Instance is a parsed counter instance name, e.g.
// "pid_4321_luid_0x00000000_0x0000D1E3_phys_0_eng_3_engtype_VideoDecode".
type Instance struct {
	PID     int    // -1 for adapter-wide instances (no pid_ part)
	LUID    string // "0x00000000_0x0000d1e3", lower case
	Phys    int
	Engine  int    // -1 when the instance names no engine
	EngType string // "3D", "Copy", "VideoDecode", "Compute_0" …; "" when none
}

var instanceRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:pid_(\d{1,10})_)?luid_(0x[0-9A-Fa-f]{8})_(0x[0-9A-Fa-f]{8})_phys_(\d{1,4})(?:_eng_(\d{1,4})_engtype_([A-Za-z0-9_ ]{1,64}))?$`)
})

// ParseInstance parses a counter instance name strictly: anything else is
// an error, never a guessed PID or adapter.
func ParseInstance(name string) (Instance, error) {
	m := instanceRE().FindStringSubmatch(name)
	if m == nil {
		return Instance{}, fmt.Errorf("not a GPU counter instance: %q", name)
	}
	in := Instance{PID: -1, Engine: -1, LUID: strings.ToLower(m[2] + "_" + m[3])}
	if m[1] != "" {
		pid, err := strconv.Atoi(m[1])
		if err != nil || pid < 0 {
			return Instance{}, fmt.Errorf("bad pid in %q", name)
		}
		in.PID = pid
	}
	in.Phys, _ = strconv.Atoi(m[4])
	if m[5] != "" {
		in.Engine, _ = strconv.Atoi(m[5])
		in.EngType = m[6]
	}
	return in, nil
}

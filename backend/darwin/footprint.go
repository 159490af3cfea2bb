package darwin

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// FootprintArgs are footprint's arguments for one process: exact byte
// counts instead of rounded "MB" figures.
func FootprintArgs(pid int) []string { return []string{"-f", "bytes", strconv.Itoa(pid)} }

// ParseFootprint reads the graphics memory of one process from
// footprint's text report: the sum of the Dirty column over the
// categories marked "(graphics)" (Metal buffers, textures). ok is false
// when the report has no category table at all (not a footprint report);
// a table without graphics rows is 0 bytes, measured.
//
//	  Dirty      Clean  Reclaimable    Regions    Category
//	    ---        ---          ---        ---    ---
//	2147483648     0            0          3    IOAccelerator (graphics)
//
// Sizes may also be formatted ("2048 MB", "16 KB", "0 B").
func ParseFootprint(data []byte) (uint64, error) {
	if len(data) > maxPlistBytes {
		return 0, errors.New("footprint: output too large")
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	inTable, sawTable := false, false
	var total uint64
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		f := strings.Fields(line)
		if len(f) >= 5 && f[0] == "Dirty" && f[len(f)-1] == "Category" {
			inTable, sawTable = true, true
			continue
		}
		if !inTable || len(f) == 0 || strings.HasPrefix(line, "---") {
			continue
		}
		if strings.HasSuffix(line, "TOTAL") || strings.HasPrefix(line, "===") {
			inTable = false
			continue
		}
		if !strings.HasSuffix(line, "(graphics)") {
			continue
		}
		dirty, err := leadingSize(f)
		if err != nil {
			return 0, fmt.Errorf("footprint: %w in %q", err, line)
		}
		total += dirty
	}
	if err := sc.Err(); err != nil {
		return 0, fmt.Errorf("footprint: %w", err)
	}
	if !sawTable {
		return 0, errors.New("footprint: no category table in the output")
	}
	return total, nil
}

var sizeUnits = map[string]uint64{"B": 1, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30, "TB": 1 << 40}

// leadingSize reads the first column: a byte count, or a number and a unit.
func leadingSize(f []string) (uint64, error) {
	if n, err := strconv.ParseUint(f[0], 10, 64); err == nil {
		if len(f) > 1 {
			if mult, ok := sizeUnits[f[1]]; ok {
				return n * mult, nil
			}
		}
		return n, nil
	}
	if len(f) > 1 {
		if mult, ok := sizeUnits[f[1]]; ok {
			v, err := strconv.ParseFloat(f[0], 64)
			if err == nil && v >= 0 {
				return uint64(v * float64(mult)), nil
			}
		}
	}
	return 0, fmt.Errorf("no size in the Dirty column")
}

package windows

import (
	"errors"
	"fmt"
	"unsafe"

	"golang.org/x/sys/windows"

	"github.com/gputaskman/gtm/backend/wddm"
)

var (
	pdh                          = windows.NewLazySystemDLL("pdh.dll")
	procPdhOpenQueryW            = pdh.NewProc("PdhOpenQueryW")
	procPdhAddEnglishCounterW    = pdh.NewProc("PdhAddEnglishCounterW")
	procPdhCollectQueryData      = pdh.NewProc("PdhCollectQueryData")
	procPdhGetFormattedCounterAr = pdh.NewProc("PdhGetFormattedCounterArrayW")
	procPdhCloseQuery            = pdh.NewProc("PdhCloseQuery")
)

const (
	pdhFmtDouble   = 0x00000200
	pdhFmtNoCap100 = 0x00008000
	pdhMoreData    = 0x800007D2
	pdhNoData      = 0x800007D5
)

// counterValueItem is PDH_FMT_COUNTERVALUE_ITEM_W with a double value.
type counterValueItem struct {
	name    *uint16
	cstatus uint32
	_       uint32
	value   float64
}

// pdhQuery holds the GPU counters gtm reads. A counter that could not be
// added (no such counter on this system) stays zero and reads as nil.
type pdhQuery struct {
	h        uintptr
	counters map[string]uintptr
}

var counterPaths = map[string]string{
	"local":             `\GPU Process Memory(*)\Local Usage`,
	"nonlocal":          `\GPU Process Memory(*)\Non Local Usage`,
	"dedicated":         `\GPU Process Memory(*)\Dedicated Usage`,
	"shared":            `\GPU Process Memory(*)\Shared Usage`,
	"committed":         `\GPU Process Memory(*)\Total Committed`,
	"engine":            `\GPU Engine(*)\Utilization Percentage`,
	"adapter_dedicated": `\GPU Adapter Memory(*)\Dedicated Usage`,
	"adapter_shared":    `\GPU Adapter Memory(*)\Shared Usage`,
}

func openPDH() (*pdhQuery, error) {
	if err := pdh.Load(); err != nil {
		return nil, fmt.Errorf("pdh.dll: %w", err)
	}
	q := &pdhQuery{counters: map[string]uintptr{}}
	if r, _, _ := procPdhOpenQueryW.Call(0, 0, uintptr(unsafe.Pointer(&q.h))); r != 0 {
		return nil, fmt.Errorf("PdhOpenQuery: 0x%08x", uint32(r))
	}
	added := 0
	for key, path := range counterPaths {
		p, err := windows.UTF16PtrFromString(path)
		if err != nil {
			continue
		}
		var c uintptr
		if r, _, _ := procPdhAddEnglishCounterW.Call(q.h, uintptr(unsafe.Pointer(p)), 0, uintptr(unsafe.Pointer(&c))); r == 0 {
			q.counters[key] = c
			added++
		}
	}
	if added == 0 {
		q.close()
		return nil, errors.New("no GPU performance counters on this system (they need Windows 10 1709+ with a WDDM 2.0 or newer GPU driver)")
	}
	// Rates (engine utilization) need a first collection to diff against.
	procPdhCollectQueryData.Call(q.h)
	return q, nil
}

func (q *pdhQuery) close() {
	if q.h != 0 {
		procPdhCloseQuery.Call(q.h)
		q.h = 0
	}
}

// sample collects once and reads every counter's instances.
func (q *pdhQuery) sample() (wddm.CounterSet, error) {
	if r, _, _ := procPdhCollectQueryData.Call(q.h); r != 0 && uint32(r) != pdhNoData {
		return wddm.CounterSet{}, fmt.Errorf("PdhCollectQueryData: 0x%08x", uint32(r))
	}
	read := func(key string) []wddm.Item {
		c, ok := q.counters[key]
		if !ok {
			return nil
		}
		items, err := readArray(c)
		if err != nil {
			return nil
		}
		return items
	}
	return wddm.CounterSet{
		Local: read("local"), NonLocal: read("nonlocal"), Dedicated: read("dedicated"),
		Shared: read("shared"), Committed: read("committed"), Engine: read("engine"),
		AdapterDedicated: read("adapter_dedicated"), AdapterShared: read("adapter_shared"),
	}, nil
}

// maxArrayBytes bounds one counter array (thousands of engine instances).
const maxArrayBytes = 64 << 20

func readArray(counter uintptr) ([]wddm.Item, error) {
	var size, count uint32
	r, _, _ := procPdhGetFormattedCounterAr.Call(counter, pdhFmtDouble|pdhFmtNoCap100, uintptr(unsafe.Pointer(&size)), uintptr(unsafe.Pointer(&count)), 0)
	if uint32(r) != pdhMoreData {
		if r == 0 {
			return []wddm.Item{}, nil
		}
		return nil, fmt.Errorf("PdhGetFormattedCounterArray: 0x%08x", uint32(r))
	}
	if size == 0 || size > maxArrayBytes {
		return nil, fmt.Errorf("PdhGetFormattedCounterArray: %d bytes", size)
	}
	buf := make([]byte, size)
	r, _, _ = procPdhGetFormattedCounterAr.Call(counter, pdhFmtDouble|pdhFmtNoCap100, uintptr(unsafe.Pointer(&size)), uintptr(unsafe.Pointer(&count)), uintptr(unsafe.Pointer(&buf[0])))
	if r != 0 {
		return nil, fmt.Errorf("PdhGetFormattedCounterArray: 0x%08x", uint32(r))
	}
	itemSize := unsafe.Sizeof(counterValueItem{})
	if uintptr(count)*itemSize > uintptr(len(buf)) {
		return nil, errors.New("PdhGetFormattedCounterArray: short buffer")
	}
	out := make([]wddm.Item, 0, count)
	for i := uint32(0); i < count; i++ {
		it := (*counterValueItem)(unsafe.Pointer(&buf[uintptr(i)*itemSize]))
		if it.cstatus > 1 { // PDH_CSTATUS_VALID_DATA / NEW_DATA only
			continue
		}
		out = append(out, wddm.Item{Instance: windows.UTF16PtrToString(it.name), Value: it.value})
	}
	return out, nil
}

package windows

import "testing"

func TestOrderAdaptersNVIDIAFirstThenByMemory(t *testing.T) {
	in := []Adapter{
		{LUID: "a", Name: "AMD Radeon RX 9060 XT", VendorID: VendorAMD, DedicatedBytes: 16 << 30},
		{LUID: "b", Name: "Microsoft Basic Render Driver", VendorID: 0x1414, Software: true},
		{LUID: "c", Name: "NVIDIA GeForce RTX 3060", VendorID: VendorNVIDIA, DedicatedBytes: 12 << 30},
		{LUID: "d", Name: "Intel(R) UHD Graphics", VendorID: VendorIntel, DedicatedBytes: 128 << 20},
		{LUID: "e", Name: "NVIDIA GeForce RTX 4080 SUPER", VendorID: VendorNVIDIA, DedicatedBytes: 16 << 30},
	}
	got := OrderAdapters(in)
	want := []string{"e", "c", "a", "d"}
	if len(got) != len(want) {
		t.Fatalf("got %d adapters; the software renderer must be left out", len(got))
	}
	for i, w := range want {
		if got[i].LUID != w {
			t.Errorf("position %d: %s (%s), want %s", i, got[i].LUID, got[i].Name, w)
		}
	}
}

func TestLUIDStringMatchesCounterInstances(t *testing.T) {
	if got := luidString(0, 0xD1E3); got != "0x00000000_0x0000d1e3" {
		t.Errorf("%s", got)
	}
	if got := luidString(-1, 1); got != "0xffffffff_0x00000001" {
		t.Errorf("%s", got)
	}
	if VendorName(0x1002) != "AMD" || VendorName(0x1234) != "other" {
		t.Error("vendor names")
	}
}

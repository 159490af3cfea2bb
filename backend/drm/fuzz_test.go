package drm

import "testing"

func FuzzParseFdinfo(f *testing.F) {
	f.Add(fill(amdFdinfo, "%ID%", "15", "%GFX%", "2125840000", "%DEC%", "5"))
	f.Add(fill(xeFdinfo, "%CYC%", "1", "%TOT%", "2"))
	f.Add("drm-driver:\ti915\ndrm-engine-render:\t99 ns\ndrm-total-local0:\t12 MiB\n")
	f.Fuzz(func(t *testing.T, s string) {
		c, _ := ParseFdinfo(s)
		if v, ok := c.VRAM(); ok && v > 0 && len(c.Memory) == 0 {
			t.Fatal("VRAM without any memory key")
		}
		_ = c.Shared()
		percents(busyOf(c), busyOf(c), 1e9)
	})
}

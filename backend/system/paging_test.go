package system

import "testing"

func TestPagingFileBytes(t *testing.T) {
	for _, c := range []struct{ limit, phys, page, want uint64 }{
		{limit: 4 << 20, phys: 4 << 20, page: 4096, want: 0},                // no paging file
		{limit: 4<<20 - 300, phys: 4 << 20, page: 4096, want: 0},            // less than RAM: still none, never a wrap-around
		{limit: 6 << 20, phys: 4 << 20, page: 4096, want: (2 << 20) * 4096}, // an 8 GiB paging file
	} {
		if got := PagingFileBytes(c.limit, c.phys, c.page); got != c.want {
			t.Errorf("PagingFileBytes(%d, %d, %d) = %d, want %d", c.limit, c.phys, c.page, got, c.want)
		}
	}
}

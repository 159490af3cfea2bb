package system

// PagingFileBytes is the size of Windows' paging files from
// GetPerformanceInfo's counts of pages: the commit limit beyond physical
// memory. Less than 1 MiB beyond it is rounding in the counts (Wine shows
// two pages), not a paging file, so it is 0, as is a limit below memory.
func PagingFileBytes(commitLimit, physicalTotal, pageSize uint64) uint64 {
	if commitLimit <= physicalTotal || (commitLimit-physicalTotal)*pageSize < 1<<20 {
		return 0
	}
	return (commitLimit - physicalTotal) * pageSize
}

package schema

// Ptr returns a pointer to v: the way a reading becomes "available".
func Ptr[T any](v T) *T { return &v }

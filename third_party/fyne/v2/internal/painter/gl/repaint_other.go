//go:build !((!gles && !arm && !arm64 && !android && !ios && !mobile && !test_web_driver && !wasm) || (darwin && !mobile && !ios && !wasm && !test_web_driver))

package gl

// keptFrame: these back ends paint every frame whole.
type keptFrame struct{}

func (k *keptFrame) kept(*painter, int, int) bool { return false }

func (k *keptFrame) leaveMark(*painter, int, int) {}

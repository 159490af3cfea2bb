package schema

// ServedModel is one model served by several processes, or on several
// devices: its server's API process and the workers holding its GPU
// memory. VRAMBytes adds the members' measured rows only; the parts of
// each member (weights, KV cache, ...) are in that process's llm block.
type ServedModel struct {
	Server string `json:"server"`
	// Model names the model as the server's API, its log or its command
	// line does (llm.model_id), else its main model file; null when
	// nothing names it.
	Model *string `json:"model"`
	// APIPID is the process serving the API; null when none was found.
	APIPID    *int            `json:"api_pid"`
	Processes []ServedProcess `json:"processes"`
	// Devices are the devices its processes hold memory on, sorted.
	Devices []int `json:"devices"`
	// VRAMBytes is the measured VRAM of all its processes on all devices;
	// null when none was measured.
	VRAMBytes *uint64 `json:"vram_bytes"`
}

// ServedProcess is one process of a served model on one device (a
// process on two devices is listed twice, as in processes).
type ServedProcess struct {
	PID         int     `json:"pid"`
	Role        string  `json:"role"` // api, worker
	Rank        *int    `json:"rank"`
	DeviceIndex *int    `json:"device_index"` // null: the process holds no GPU memory
	VRAMBytes   *uint64 `json:"vram_bytes"`   // measured; null when not
}

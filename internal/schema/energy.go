package schema

// DeviceEnergy is a GPU's energy and the split of its power among idle,
// its processes and what no process explains (docs/energy.md). Nil (null)
// where nothing about the card's power or energy can be read.
type DeviceEnergy struct {
	// EnergyJoules is the card's own energy counter (measured: NVML's
	// total energy consumption since the driver loaded, or hwmon
	// energy*_input); null without one.
	EnergyJoules *float64 `json:"energy_joules"`
	// PowerW is the card's average power over IntervalSeconds: the
	// counter's rise over the interval (PowerSource "counter"), else the
	// power reading (PowerSource "sensor"); null when neither.
	PowerW          *float64 `json:"power_w"`
	PowerSource     *string  `json:"power_source"`
	IntervalSeconds *float64 `json:"interval_seconds"`
	// IdleFloorW is the lowest power seen while no process used an engine,
	// learned per GPU and kept across runs (inferred); null until seen.
	IdleFloorW *float64 `json:"idle_floor_w"`
	// ActiveW is PowerW less IdleFloorW (inferred); ProcessesW the sum of
	// the processes' estimates; UnattributedW ActiveW less ProcessesW.
	// Idle is never attributed to a process. Null when an input is.
	ActiveW       *float64 `json:"active_w"`
	ProcessesW    *float64 `json:"processes_w"`
	UnattributedW *float64 `json:"unattributed_w"`
	// EnergySinceStartJoules is the card's energy since gtm started
	// watching: counter rises (EnergySource "counter"), else power
	// integrated over time ("integrated").
	EnergySinceStartJoules *float64 `json:"energy_since_start_joules"`
	EnergySource           *string  `json:"energy_source"`
	Notes                  []string `json:"notes"`
}

// ProcessPower is a process's ESTIMATED share of its GPU's active power:
// the card's active power split by each process's share of engine time
// over the same interval (docs/energy.md). Nil (null) where it is not
// estimated at all (no power reading for the card).
type ProcessPower struct {
	// Watts is the estimate, ErrorWatts its error bar (±); both null with
	// Reason when no estimate holds (MIG, MPS, no utilisation samples).
	Watts      *float64 `json:"watts"`
	ErrorWatts *float64 `json:"error_watts"`
	// Share is the process's share of the card's engine time, 0..1.
	Share *float64 `json:"share"`
	// EnergyJoules is the estimated energy since gtm first saw the
	// process (its Watts integrated over the refreshes).
	EnergyJoules *float64 `json:"energy_joules"`
	Method       string   `json:"method"`
	Source       string   `json:"source"` // "estimated"
	Reason       *string  `json:"reason"`
}

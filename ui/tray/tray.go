package tray

import (
	"fmt"
	"sync"
)

// Host is what the controller needs of a tray implementation: the item's
// icon, title and tooltip, and a menu built once and then re-labelled.
type Host interface {
	SetIcon(png []byte)
	SetTitle(title string)
	SetTooltip(tooltip string)
	AddItem(label string, checkable bool) Item
	AddSeparator()
}

// Item is one menu entry.
type Item interface {
	SetLabel(label string)
	SetEnabled(enabled bool)
	SetChecked(checked bool)
	SetVisible(visible bool)
	// Clicked delivers a value per click; it is closed when the item goes.
	Clicked() <-chan struct{}
}

// Actions are what the menu does; each runs on the goroutine reading
// clicks, so an action that touches widgets goes through fyne.Do.
type Actions struct {
	ShowWindow func()
	// ShowProcess opens the window with that process selected.
	ShowProcess func(pid int)
	// SetPaused pauses or resumes refreshing.
	SetPaused func(paused bool)
	// SetAlerts turns VRAM alerts on or off.
	SetAlerts func(on bool)
	// SetTrendAlerts turns the leak-suspect and full-soon alerts on or off.
	SetTrendAlerts func(on bool)
	// SetAutostart adds or removes the login entry; an error leaves the
	// toggle as it was.
	SetAutostart func(on bool) error
	// SetDemo enters (true) or leaves the recorded demo.
	SetDemo func(on bool)
	Quit    func()
}

// Settings are the toggles the menu shows beside the snapshot.
type Settings struct {
	AlertsOn       bool
	AlertThreshold float64
	// TrendAlertsOn: notify leak suspects and GPUs forecast full.
	TrendAlertsOn bool
	Autostart     bool
	// AutostartAvailable is false where no login entry can be written.
	AutostartAvailable bool
}

// Tray keeps a Host in step with snapshots, changing only what changed:
// the icon is set only when its percentage or level changes (some hosts
// leak a little on every icon set), labels only when their text does.
type Tray struct {
	host Host
	act  Actions

	mu       sync.Mutex
	state    State
	settings Settings
	top      []ProcItem // what the process slots open
	icon     *IconKey   // last icon set; nil before the first
	title    string
	tooltip  string
	iconSets int

	show      Item
	gpus      []Item
	procs     []Item
	pause     Item
	alerts    Item
	trends    Item
	autostart Item
	demo      Item
	quit      Item
	labels    map[Item]string
	visible   map[Item]bool
	checked   map[Item]bool
}

// New builds the menu on host once and starts reading its clicks.
func New(host Host, act Actions, set Settings) *Tray {
	t := &Tray{host: host, act: act, settings: set,
		labels: map[Item]string{}, visible: map[Item]bool{}, checked: map[Item]bool{}}
	t.buildMenu()
	t.onClick(t.show, func() { call0(act.ShowWindow) })
	for i, it := range t.procs {
		t.onClick(it, func() { t.showProcess(i) })
	}
	t.onClick(t.pause, t.togglePause)
	t.onClick(t.alerts, t.toggleAlerts)
	t.onClick(t.trends, t.toggleTrendAlerts)
	t.onClick(t.autostart, t.toggleAutostart)
	t.onClick(t.demo, t.toggleDemo)
	t.onClick(t.quit, func() { call0(act.Quit) })

	t.mu.Lock()
	t.state = FromSnapshot(nil, Options{})
	t.applyLocked()
	t.mu.Unlock()
	return t
}

// buildMenu adds the menu's items, in order, with their fixed labels;
// the others are labelled by applyLocked.
func (t *Tray) buildMenu() {
	host := t.host
	t.show = host.AddItem("Show window", false)
	host.AddSeparator()
	for i := 0; i < MaxGPULines; i++ {
		it := host.AddItem("", false)
		it.SetEnabled(false) // information, not an action
		t.gpus = append(t.gpus, it)
	}
	host.AddSeparator()
	for i := 0; i < TopProcs; i++ {
		t.procs = append(t.procs, host.AddItem("", false))
	}
	host.AddSeparator()
	t.pause = host.AddItem("Pause", false)
	t.alerts = host.AddItem("", true)
	t.trends = host.AddItem("Alert on VRAM leaks and GPUs filling up", true)
	t.autostart = host.AddItem("Start at login", true)
	t.demo = host.AddItem("", false)
	host.AddSeparator()
	t.quit = host.AddItem("Quit", false)
}

// showProcess opens the window on the process the i-th slot shows.
func (t *Tray) showProcess(i int) {
	t.mu.Lock()
	var pid int
	ok := i < len(t.top)
	if ok {
		pid = t.top[i].PID
	}
	t.mu.Unlock()
	if ok && t.act.ShowProcess != nil {
		t.act.ShowProcess(pid)
	}
}

func (t *Tray) togglePause() {
	t.mu.Lock()
	paused := !t.state.Paused
	t.mu.Unlock()
	if t.act.SetPaused != nil {
		t.act.SetPaused(paused)
	}
}

func (t *Tray) toggleAlerts()      { t.toggle(&t.settings.AlertsOn, t.act.SetAlerts) }
func (t *Tray) toggleTrendAlerts() { t.toggle(&t.settings.TrendAlertsOn, t.act.SetTrendAlerts) }

// toggle flips a setting, shows it, and tells act (when set) its new value.
func (t *Tray) toggle(setting *bool, act func(on bool)) {
	t.mu.Lock()
	*setting = !*setting
	on := *setting
	t.applyLocked()
	t.mu.Unlock()
	if act != nil {
		act(on)
	}
}

func (t *Tray) toggleAutostart() {
	t.mu.Lock()
	on := !t.settings.Autostart
	t.mu.Unlock()
	if t.act.SetAutostart != nil && t.act.SetAutostart(on) != nil {
		on = !on // failed: the toggle stays as it was
	}
	t.mu.Lock()
	t.settings.Autostart = on
	t.applyLocked()
	t.mu.Unlock()
}

func (t *Tray) toggleDemo() {
	t.mu.Lock()
	demo := t.state.Demo
	t.mu.Unlock()
	if t.act.SetDemo != nil {
		t.act.SetDemo(!demo)
	}
}

func call0(f func()) {
	if f != nil {
		f()
	}
}

func (t *Tray) onClick(it Item, f func()) {
	ch := it.Clicked()
	if ch == nil {
		return
	}
	go func() {
		for range ch {
			f()
		}
	}()
}

// Update shows a new state (from FromSnapshot).
func (t *Tray) Update(st State) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.state = st
	t.applyLocked()
}

// Settings returns the toggles as the menu shows them.
func (t *Tray) Settings() Settings {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.settings
}

// IconSets counts how often the icon was handed to the host.
func (t *Tray) IconSets() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.iconSets
}

// MenuLabels returns the labels of the visible menu items, in order (for
// tests and accessibility).
func (t *Tray) MenuLabels() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []string
	for _, it := range t.items() {
		if t.visible[it] {
			out = append(out, t.labels[it])
		}
	}
	return out
}

func (t *Tray) items() []Item {
	out := []Item{t.show}
	out = append(out, t.gpus...)
	out = append(out, t.procs...)
	return append(out, t.pause, t.alerts, t.trends, t.autostart, t.demo, t.quit)
}

// MenuFor is the menu's visible labels for a state and settings, without a
// host: the pure form of what Update shows.
func MenuFor(st State, s Settings) []string {
	h := &nullHost{}
	t := New(h, Actions{}, s)
	t.Update(st)
	return t.MenuLabels()
}

func (t *Tray) applyLocked() {
	st := t.state
	if t.icon == nil || *t.icon != st.Icon {
		k := st.Icon
		t.icon = &k
		t.iconSets++
		t.host.SetIcon(IconPNG(k))
	}
	if st.Title != t.title {
		t.title = st.Title
		t.host.SetTitle(st.Title)
	}
	if st.Tooltip != t.tooltip {
		t.tooltip = st.Tooltip
		t.host.SetTooltip(st.Tooltip)
	}

	t.set(t.show, "Show window", true)
	for i, it := range t.gpus {
		if i < len(st.GPULines) {
			t.set(it, st.GPULines[i], true)
		} else {
			t.set(it, "", false)
		}
	}
	t.top = st.Top
	for i, it := range t.procs {
		if i < len(st.Top) {
			t.set(it, st.Top[i].Label, true)
		} else {
			t.set(it, "", false)
		}
	}
	if st.Paused {
		t.set(t.pause, "Resume", true)
	} else {
		t.set(t.pause, "Pause", true)
	}
	t.set(t.alerts, fmt.Sprintf("Alert when VRAM ≥ %.0f %%", t.settings.AlertThreshold), true)
	t.check(t.alerts, t.settings.AlertsOn)
	t.set(t.trends, "Alert on VRAM leaks and GPUs filling up", true)
	t.check(t.trends, t.settings.TrendAlertsOn)
	t.set(t.autostart, "Start at login", t.settings.AutostartAvailable)
	t.check(t.autostart, t.settings.Autostart)
	switch {
	case st.Demo:
		t.set(t.demo, "Leave the recorded demo", true)
	case st.NoGPU:
		t.set(t.demo, "Show a recorded demo", true)
	default:
		t.set(t.demo, "", false)
	}
	t.set(t.quit, "Quit", true)
}

// set re-labels and shows or hides an item, touching the host only for
// what changed.
func (t *Tray) set(it Item, label string, visible bool) {
	if visible && t.labels[it] != label {
		t.labels[it] = label
		it.SetLabel(label)
	}
	if v, ok := t.visible[it]; !ok || v != visible {
		t.visible[it] = visible
		it.SetVisible(visible)
	}
}

func (t *Tray) check(it Item, on bool) {
	if c, ok := t.checked[it]; !ok || c != on {
		t.checked[it] = on
		it.SetChecked(on)
	}
}

// nullHost backs MenuFor.
type nullHost struct{}

func (*nullHost) SetIcon([]byte)            {}
func (*nullHost) SetTitle(string)           {}
func (*nullHost) SetTooltip(string)         {}
func (*nullHost) AddSeparator()             {}
func (*nullHost) AddItem(string, bool) Item { return &nullItem{} }

// nullItem has a field so that each one is a distinct map key.
type nullItem struct{ _ byte }

func (*nullItem) SetLabel(string)          {}
func (*nullItem) SetEnabled(bool)          {}
func (*nullItem) SetChecked(bool)          {}
func (*nullItem) SetVisible(bool)          {}
func (*nullItem) Clicked() <-chan struct{} { return nil }

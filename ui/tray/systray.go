package tray

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/systray"
)

// SystrayHost is the desktop Host: the icon goes through Fyne's
// desktop.App (which owns the StatusNotifierItem), the title, tooltip and
// menu go to fyne.io/systray directly. Fyne's SetSystemTrayMenu rebuilds
// the whole menu (new item ids) on every Menu.Refresh, which closes an open
// menu and leaks in some hosts; items made here are kept and re-labelled.
//
// Start the item first with desktop.App.SetSystemTrayWindow, so that Fyne
// runs the systray loop without a menu of its own.
type SystrayHost struct {
	App desktop.App
}

// SetIcon implements Host.
func (h SystrayHost) SetIcon(png []byte) {
	h.App.SetSystemTrayIcon(fyne.NewStaticResource("gtm-tray.png", png))
}

// SetTitle implements Host.
func (SystrayHost) SetTitle(s string) { systray.SetTitle(s) }

// SetTooltip implements Host.
func (SystrayHost) SetTooltip(s string) { systray.SetTooltip(s) }

// AddSeparator implements Host.
func (SystrayHost) AddSeparator() { systray.AddSeparator() }

// AddItem implements Host.
func (SystrayHost) AddItem(label string, checkable bool) Item {
	if checkable {
		return sysItem{systray.AddMenuItemCheckbox(label, "", false)}
	}
	return sysItem{systray.AddMenuItem(label, "")}
}

type sysItem struct{ it *systray.MenuItem }

func (s sysItem) SetLabel(l string) { s.it.SetTitle(l) }

func (s sysItem) SetEnabled(on bool) {
	if on {
		s.it.Enable()
	} else {
		s.it.Disable()
	}
}

func (s sysItem) SetChecked(on bool) {
	if on {
		s.it.Check()
	} else {
		s.it.Uncheck()
	}
}

func (s sysItem) SetVisible(on bool) {
	if on {
		s.it.Show()
	} else {
		s.it.Hide()
	}
}

func (s sysItem) Clicked() <-chan struct{} { return s.it.ClickedCh }

// Start puts gtm's StatusNotifierItem on the session bus. The menu, title,
// tooltip and icon are made before the item is exported, so a tray host
// sees them complete at once; onActivate runs on a left click (show the
// window). stop takes the item off the bus.
//
// The item is started here rather than through desktop.App's
// SetSystemTrayMenu/SetSystemTrayWindow because those rebuild the menu on
// every refresh and, from a goroutine of their own, reset the title to the
// app's name after start.
func Start(app desktop.App, act Actions, set Settings, onActivate func()) (t *Tray, stop func()) {
	start, end := systray.RunWithExternalLoop(nil, nil)
	t = New(SystrayHost{App: app}, act, set)
	if onActivate != nil {
		systray.SetOnTapped(onActivate)
	}
	start()
	return t, end
}

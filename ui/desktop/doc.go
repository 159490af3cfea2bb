// Package desktop is gtm's desktop app around the window (package ui): the
// tray icon, alerts, the recorded demo, one window per user (a unix socket
// a later launch reaches), "start at login" (an XDG autostart entry) and
// how the app starts and quits.
//
// Every change to a widget runs on Fyne's goroutine: through fyne.Do once
// Fyne's loop runs, or — while gtm waits in the tray with no loop — on the
// main goroutine itself (mainQueue). Snapshots are collected on a goroutine
// of their own. The package reads no /proc and no driver: it shows the
// collect.Provider it is given; the display check is internal/display's.
//
// Exported API:
//
//   - Run(ctx, src, opts) opens the window over src and returns when the
//     app quits: from the window, the tray's Quit, or ctx ending (gtm
//     cancels it on SIGINT and SIGTERM). GUI builds only: with -tags
//     nogui there is no Fyne driver to open a window with.
//   - Options are what the command line decides (tray, alerts, demo).
//   - AppID is gtm's application ID.
//   - SocketPath(dir) is where the one-window socket for a runtime
//     directory lives (the end-to-end tests look for it).
package desktop

package actions

// platformOpener is the freedesktop way to open a folder.
func platformOpener() Opener { return commandOpener{name: "xdg-open"} }

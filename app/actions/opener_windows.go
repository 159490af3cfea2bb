package actions

func platformOpener() Opener { return commandOpener{name: "explorer"} }

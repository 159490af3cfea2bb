package snapshot

// DemoBanner labels recorded demo data (Snapshot.Demo) wherever it is
// shown: the window's banner, the tray's tooltip, the text report.
const DemoBanner = "Recorded demo — nothing here is from this machine"

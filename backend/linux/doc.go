// Package linux reads what the Linux kernel says about processes and the
// host: /proc/<pid> details, boot time, and whether we run natively, in a
// container or under WSL. The proc root is injectable so tests use fake
// trees (testdata/proc) as well as the real kernel.
package linux

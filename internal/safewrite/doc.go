// Package safewrite creates the files gtm writes — captures, the autostart
// entry, caches — so that no link or directory planted by another user can
// redirect them (docs/design.md, safety rule 6). gtm often runs as root.
//
// A file is first created under a random name with
// O_CREAT|O_EXCL|O_NOFOLLOW, relative to a descriptor of its directory
// opened once and checked, then renamed over the target. Rename replaces a
// planted symlink itself, never what it points at, and a path component
// swapped after the check cannot redirect the descriptor already open.
//
// The directory must be trusted: owned by the effective user or by root
// (root can do anything to anyone anyway), and writable by no one else
// unless it is sticky like /tmp, where the kernel lets no one else rename
// or remove our entries. Group write is accepted only for the effective
// group, which with user-private groups (umask 002) is the user's own.
// Directories gtm creates are 0700, and an existing one that should be the
// user's own but belongs to someone else is refused.
//
// As root, $HOME, $XDG_CONFIG_HOME, $XDG_CACHE_HOME and $TMPDIR naming a
// directory root does not own (kept by su or sudo -E) are ignored, and
// $XDG_RUNTIME_DIR is used only when it is private to the effective user.
package safewrite

//go:build !unix

package checkpoint

// noFollow: no such flag here; an Lstat before each open refuses a link.
const noFollow = 0

func isLoop(error) bool { return false }

//go:build unix

package checkpoint

import (
	"errors"
	"syscall"
)

// noFollow makes opening a symbolic link fail (ELOOP).
const noFollow = syscall.O_NOFOLLOW

func isLoop(err error) bool { return errors.Is(err, syscall.ELOOP) }

//go:build unix && beam

package main

import (
	"context"
	"errors"
	"os"
	"strconv"
	"syscall"
	"testing"
)

// The sweep's context ends when the pipe from grundy does (grundy died),
// with the cause said, and not before; the variable is not passed on.
func TestWatchParent(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// The descriptor is watchParent's from here on, as in the child.
	fd, err := syscall.Dup(int(r.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	t.Setenv(parentFDEnv, strconv.Itoa(fd))
	ctx := watchParent(context.Background())
	if os.Getenv(parentFDEnv) != "" {
		t.Errorf("%s is still set", parentFDEnv)
	}
	if ctx.Err() != nil {
		t.Fatal("canceled while grundy lives")
	}
	w.Close() // grundy dies
	<-ctx.Done()
	if !errors.Is(context.Cause(ctx), errParentGone) {
		t.Errorf("cause %v", context.Cause(ctx))
	}
}

// Without the variable (grundy-sweep run on its own) nothing is watched.
func TestWatchParentUnset(t *testing.T) {
	t.Setenv(parentFDEnv, "")
	ctx := context.Background()
	if got := watchParent(ctx); got != ctx {
		t.Error("a context to watch without a parent")
	}
}

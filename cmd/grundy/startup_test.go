package main

import (
	"io"
	"runtime"
	"strings"
	"testing"
)

// TestStartupAllocatesLittle: every command builds the whole command tree
// (flags, help, completions) before it runs, so building it must not
// compute anything — a completion list that built every card-flip
// strategy once cost every command, grundy version included, 4.6 MB of
// memory (issue 26: start-up pays only for what runs). Bytes allocated
// are counted, not time measured, so the bound holds on any machine.
func TestStartupAllocatesLittle(t *testing.T) {
	s := newStreams(strings.NewReader(""), io.Discard, io.Discard)
	newRootCmd(s) // once, for anything lazily made on first use
	const limit = 512 << 10
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	newRootCmd(s)
	runtime.ReadMemStats(&after)
	bytes := after.TotalAlloc - before.TotalAlloc
	t.Logf("building the command tree: %d allocations, %d bytes", after.Mallocs-before.Mallocs, bytes)
	if bytes > limit {
		t.Errorf("building the command tree allocates %d bytes, want at most %d: something is computed at start-up", bytes, limit)
	}
}

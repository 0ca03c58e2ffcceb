package main

import (
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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

// TestCommandsByName: the table a command line picks its command from
// names each command as the command itself does, and a command line that
// names one builds that one alone, with the flags and subcommands it has
// in the whole tree.
func TestCommandsByName(t *testing.T) {
	s := newStreams(strings.NewReader(""), io.Discard, io.Discard)
	all := newRootCmd(s).Commands()
	names := map[string]bool{}
	for _, c := range all {
		names[c.Name()] = true
	}
	for _, c := range commands {
		if !names[c.name] {
			t.Errorf("commands lists %q, which is not a command", c.name)
		}
		delete(names, c.name)
		root := newRootCmdFor(s, []string{c.name, "--help"})
		var got []string
		for _, sub := range root.Commands() {
			got = append(got, sub.Name())
		}
		if len(got) != 1 || got[0] != c.name {
			t.Errorf("a command line naming %s builds %v", c.name, got)
			continue
		}
		one := root.Commands()[0]
		for _, whole := range all {
			if whole.Name() == c.name && (len(whole.Commands()) != len(one.Commands()) || flagCount(whole) != flagCount(one) || whole.ValidArgsFunction == nil != (one.ValidArgsFunction == nil)) {
				t.Errorf("%s alone differs from %s in the whole tree", c.name, c.name)
			}
		}
	}
	delete(names, "help")
	delete(names, "completion")
	for n := range names {
		t.Errorf("command %q is missing from the commands table", n)
	}
	if n := len(newRootCmdFor(s, []string{"slove"}).Commands()); n < len(commands) {
		t.Errorf("a mistyped command builds %d commands, want all %d (for suggestions)", n, len(commands))
	}
}

func flagCount(c *cobra.Command) int {
	n := 0
	c.Flags().VisitAll(func(*pflag.Flag) { n++ })
	return n
}

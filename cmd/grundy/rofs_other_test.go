//go:build !linux

package main

import "os/exec"

func readOnlyMount() {}

// readOnlyCommand: no mount namespaces here.
func readOnlyCommand(string, ...string) *exec.Cmd { return nil }

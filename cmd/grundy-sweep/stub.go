//go:build !beam

// Command grundy-sweep runs grundy's sweeps with Apache Beam's runners
// (main.go). Built without the tag beam it is this stub, so that go build,
// go vet and go test ./... compile no Beam (minutes on a cold cache): it
// says how to build the real one. grundy runs every sweep that needs no
// Beam itself.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "grundy: this grundy-sweep was built without Apache Beam: build it with 'go install -tags beam ./cmd/grundy-sweep' (minutes: the Beam SDK is large); grundy runs a sweep on this machine without it (--runner local, a local --out)")
	os.Exit(2)
}

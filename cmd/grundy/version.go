package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/internal/jsonout"
)

// version is the release this source tree describes.
const version = "0.1.0-dev"

// versionInfo is what grundy version --json prints.
type versionInfo struct {
	Version string `json:"version"`
	// Revision is the commit grundy was built from (12 hex digits), when
	// the build recorded it.
	Revision string `json:"revision,omitempty"`
	Go       string `json:"go"`
	OS       string `json:"os"`
	Arch     string `json:"arch"`
}

func newVersionCmd(io *streams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "version",
		Short:   "Print grundy's version",
		Example: "  grundy version\n  grundy version --json",
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON {
				return jsonout.Write(io.out, buildInfo())
			}
			_, err := fmt.Fprintln(io.out, versionLine())
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"version":…,"revision":…,"go":…,"os":…,"arch":…}`)
	return cmd
}

func buildInfo() versionInfo {
	v := versionInfo{Version: version, Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v.Revision = s.Value[:12]
			}
		}
	}
	return v
}

// versionLine is what grundy version and grundy --version print.
func versionLine() string {
	v := buildInfo()
	rev := ""
	if v.Revision != "" {
		rev = " " + v.Revision
	}
	return fmt.Sprintf("grundy %s%s (%s %s/%s)", v.Version, rev, v.Go, v.OS, v.Arch)
}

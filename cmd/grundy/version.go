package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is the release this source tree describes.
const version = "0.1.0-dev"

func newVersionCmd(io *streams) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print grundy's version",
		Example: "  grundy version",
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintln(io.out, versionLine())
			return err
		},
	}
}

// versionLine is what grundy version and grundy --version print.
func versionLine() string {
	rev := ""
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = " " + s.Value[:12]
			}
		}
	}
	return fmt.Sprintf("grundy %s%s (%s %s/%s)", version, rev, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

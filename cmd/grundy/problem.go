package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/internal/jsonout"
	"github.com/grundy/grundy/problems"
)

type problemOptions struct {
	list bool
	json bool
}

func newProblemCmd(io *streams) *cobra.Command {
	opts := &problemOptions{}
	cmd := &cobra.Command{
		Use:   "problem ID < input",
		Short: "Solve a judge problem: judge-format input on stdin, judge-format output on stdout",
		Long: `Solve one of the online-judge problems of the catalog exactly as the judge
runs it: read its input format from standard input, write its output format,
byte for byte, reading what the judges' accepted solutions read (empty input
has no cases; after a count of cases, what follows them is not read). Each
problem is answered by a catalog game and the engine. Input they would not
read gives the answers before it, then one error line naming the input's
line and column, and exit 1. A token is at most 4096 bytes, a case at most
1,048,576 piles, rows or coins, the input at most 64 MiB.

List the problems with --list.`,
		Example: `  grundy problem --list
  printf '2\n23 2\n4 3\n' | grundy problem hdu1846
  grundy problem hdu2176 < piles.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.list {
				if len(args) != 0 {
					return usagef("problem --list takes no arguments")
				}
				return problemList(io, opts)
			}
			if len(args) != 1 {
				return usagef("problem takes 1 argument (a problem ID; see 'grundy problem --list'), got %d", len(args))
			}
			p, err := problems.Lookup(args[0])
			if err != nil {
				return usageError{Err: fmt.Errorf("%w (run `grundy problem --list`)", err)}
			}
			return p.Solve(io.in, io.out)
		},
	}
	cmd.Flags().BoolVar(&opts.list, "list", false, "list the problems")
	cmd.Flags().BoolVar(&opts.json, "json", false, "with --list: print the list as JSON")
	return cmd
}

type problemInfo struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

func problemList(io *streams, opts *problemOptions) error {
	var list []problemInfo
	for _, p := range problems.All() {
		list = append(list, problemInfo{p.ID, p.Title})
	}
	if opts.json {
		return jsonout.Write(io.out, list)
	}
	tw := tabwriter.NewWriter(io.out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tPROBLEM")
	for _, p := range list {
		fmt.Fprintf(tw, "%s\t%s\n", p.ID, p.Title)
	}
	return tw.Flush()
}

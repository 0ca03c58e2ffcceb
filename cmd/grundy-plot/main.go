// Command grundy-plot draws grundy's charts: it reads the data of a chart
// as JSON on standard input and writes the chart to standard output, in
// the format given.
//
//	grundy cardflip compare --m 2..20 --json | grundy-plot cardflip-compare --format svg > plot.svg
//
// grundy starts it for `grundy cardflip compare --out FILE`, as git starts
// git-foo: the chart library (gonum/plot) parses its fonts when a program
// starts, so it is kept out of grundy, whose every command would pay for
// it.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/cardflip/chart"
)

// maxInput bounds the JSON read: a compare of every m up to 10^6 is far
// smaller.
const maxInput = 256 << 20

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

func run(args []string, in io.Reader, out, errs io.Writer) int {
	fs := flag.NewFlagSet("grundy-plot", flag.ContinueOnError)
	fs.SetOutput(errs)
	format := fs.String("format", "svg", "svg, png, pdf, jpg, eps or tiff")
	fs.Usage = func() {
		fmt.Fprintln(errs, "usage: grundy-plot cardflip-compare [--format svg] < rows.json > chart\n\nThe rows are what grundy cardflip compare --json prints.")
		fs.PrintDefaults()
	}
	if len(args) == 0 || args[0] != "cardflip-compare" {
		fs.Usage()
		return 2
	}
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	var rows []cardflip.CompareRow
	dec := json.NewDecoder(bufio.NewReader(io.LimitReader(in, maxInput+1)))
	if err := dec.Decode(&rows); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			err = fmt.Errorf("byte %d: %v", se.Offset, err)
		}
		fmt.Fprintf(errs, "grundy-plot: the rows on standard input: %v\n", err)
		return 2
	}
	w := bufio.NewWriter(out)
	if err := chart.WriteCompare(w, rows, *format); err != nil {
		fmt.Fprintf(errs, "grundy-plot: %v\n", err)
		return 1
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(errs, "grundy-plot: %v\n", err)
		return 1
	}
	return 0
}

package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/internal/jsonout"
	"github.com/grundy/grundy/nimber"
)

type nimberOptions struct {
	table   int
	solve   bool
	json    bool
	maxWork int64
}

func newNimberCmd(io *streams) *cobra.Command {
	opts := &nimberOptions{}
	cmd := &cobra.Command{
		Use:   "nimber EXPR | --table N | --solve POLY",
		Short: "Nim arithmetic: nim-sums, nim-products, quotients, powers, square roots",
		Long: `Evaluate an expression over the nimbers (Conway's field On₂, finite part):

  a + b     nim-sum (XOR); a - b is the same
  a * b     nim-product (⊗ and ⊕ are accepted too)
  a / b     a ⊗ b⁻¹
  a ^ k     power, k an ordinary integer (negative: of the inverse)
  sqrt(a)   the nim-square root (every nimber has exactly one)
  *n        the nimber n as games write it: *3 * *5
  ( … )     grouping

Numbers are decimal, 0x hexadecimal or 0b binary, of up to 4096 bits. Below
2^64 the arithmetic is that of GF(2^64); larger nimbers lie in GF(2^128),
GF(2^256), … by the same Fermat 2-power recursion.

--table N prints the nim-multiplication table of 0..N−1 (N ≤ 256).
--solve POLY prints the roots in GF(2^64) of a polynomial in x (degree ≤ 32).
See docs/nimber.md.`,
		Example: `  grundy nimber '8*8'
  grundy nimber '(5+6)/7^2 + sqrt(2)' --json
  grundy nimber '*3 * *5'
  grundy nimber --table 16
  grundy nimber --solve 'x^2 + x + 1'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return nimberRun(io, opts, cmd.Flags().Changed("table"), args)
		},
	}
	cmd.Flags().IntVar(&opts.table, "table", 0, "print the multiplication table of 0..N-1")
	cmd.Flags().BoolVar(&opts.solve, "solve", false, "find the roots of the polynomial in x given as the argument")
	cmd.Flags().BoolVar(&opts.json, "json", false, `print {"expr":…,"value":…} ({"size":…,"table":…} with --table, {"poly":…,"roots":…} with --solve)`)
	cmd.Flags().Int64Var(&opts.maxWork, "max-work", nimber.DefaultWork, "stop an evaluation that needs more than this many products of 64-bit nimbers")
	return cmd
}

func nimberRun(io *streams, opts *nimberOptions, table bool, args []string) error {
	if opts.maxWork < 1 {
		return usagef("--max-work must be at least 1, not %d", opts.maxWork)
	}
	settings := nimber.Settings{MaxWork: opts.maxWork}
	if table {
		if len(args) > 0 || opts.solve {
			return usagef("nimber --table N takes no expression (see 'grundy nimber --help')")
		}
		t, err := nimber.Table(opts.table)
		if err != nil {
			return usagef("--table: %v", err)
		}
		if opts.json {
			return jsonout.Write(io.out, nimber.TableResult{Size: opts.table, Table: t})
		}
		_, err = fmt.Fprint(io.out, formatTable(t))
		return err
	}
	if len(args) == 0 {
		return usagef("nimber needs an expression such as '8*8', --table N or --solve POLY (see 'grundy nimber --help')")
	}
	expr := strings.Join(args, " ")
	if opts.solve {
		s, err := nimber.Solve(expr, settings)
		if err != nil {
			return nimberError(err)
		}
		if opts.json {
			return jsonout.Write(io.out, s)
		}
		_, err = fmt.Fprintln(io.out, formatRoots(s))
		return err
	}
	v, err := nimber.Eval(expr, settings)
	if err != nil {
		return nimberError(err)
	}
	if opts.json {
		return jsonout.Write(io.out, nimber.Evaluation{Expr: expr, Value: v})
	}
	_, err = fmt.Fprintln(io.out, v)
	return err
}

// nimberError adds what to do about an unknown variable (a work stop gets
// its hint as every limit does: limitHint).
func nimberError(err error) error {
	if errors.Is(err, nimber.ErrVariable) {
		return fmt.Errorf("%w; use --solve to find them", err)
	}
	return err
}

// formatRoots writes "x^2 + x + 1 = 0 for x = 2 or 3".
func formatRoots(s nimber.Solution) string {
	if len(s.Roots) == 0 {
		return s.Poly + " = 0 has no root in GF(2^64)"
	}
	parts := make([]string, len(s.Roots))
	for i, r := range s.Roots {
		parts[i] = strconv.FormatUint(r, 10)
	}
	return s.Poly + " = 0 for x = " + strings.Join(parts, " or ")
}

// formatTable writes the table with a header row and column, aligned.
func formatTable(t [][]uint64) string {
	width := 1
	for _, row := range t {
		for _, v := range row {
			width = max(width, len(strconv.FormatUint(v, 10)))
		}
	}
	width = max(width, len(strconv.Itoa(len(t)-1)))
	var b strings.Builder
	cell := func(s string) { fmt.Fprintf(&b, " %*s", width, s) }
	cell("*")
	b.WriteString(" |")
	for j := range t {
		cell(strconv.Itoa(j))
	}
	b.WriteString("\n" + strings.Repeat("-", width+2) + "+" + strings.Repeat("-", (width+1)*len(t)) + "\n")
	for i, row := range t {
		cell(strconv.Itoa(i))
		b.WriteString(" |")
		for _, v := range row {
			cell(strconv.FormatUint(v, 10))
		}
		b.WriteString("\n")
	}
	return b.String()
}

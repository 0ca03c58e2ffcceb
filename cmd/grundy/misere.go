package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/internal/jsonout"
	"github.com/grundy/grundy/misere"
)

func newMisereCmd(io *streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "misere",
		Short: "Misère theory: canonical forms, genus and misère quotients",
		Long: `Misère play (whoever makes the last move loses) of impartial games:

  form      the misère canonical form of a position (Conway's simplest form)
  genus     the genus g^(g0 g1 …) of a position (Winning Ways ch. 13)
  quotient  the misère quotient of a heap game, heap by heap (Plambeck–Siegel)

See docs/misere.md for the notation and the theorems.`,
		Example: `  grundy misere form kayles 5
  grundy misere genus octal:0.312 4
  grundy misere quotient octal:0.75 --heaps 30`,
	}
	cmd.AddCommand(newMisereFormCmd(io, "form"), newMisereFormCmd(io, "genus"), newMisereQuotientCmd(io))
	return cmd
}

type misereFormOptions struct {
	game     string
	position string
	genus    bool
	json     bool
	budget   budgetFlags
}

// newMisereFormCmd returns `misere form` or `misere genus`: the same
// computation (the genus comes from the canonical form), printed with the
// form or the genus first.
func newMisereFormCmd(io *streams, name string) *cobra.Command {
	opts := &misereFormOptions{genus: name == "genus"}
	short, long := "The misère canonical form of a position", `Compute the misère canonical form of a position of a game: the simplest
game equal to it under misère play against every partner (Conway, ONAG
ch. 12), with its genus and misère outcome. A sum of components has the sum
of their forms.

Notation: 0, *, *2, … are nim heaps; *2# is the game whose only option is
*2; *(3,2) is the game with options *3 and *2 (it equals *2+*2).`
	example := `  grundy misere form kayles 5
  grundy misere form nim 2 2
  grundy misere form octal:0.312 4 --json`
	if opts.genus {
		short, long = "The genus of a position", `Compute the genus g^(g0 g1 g2 …) of a position: g is its normal-play
nim-value and g_n the misère nim-value of the position plus n copies of *2
(Conway, ONAG ch. 12; Winning Ways ch. 13). The superscript lists g0 … gk;
its last two digits repeat forever (0 has genus 0^120, *2 has 2^20).`
		example = `  grundy misere genus octal:0.312 4
  grundy misere genus nim 1 1 1
  grundy misere genus kayles 7 --json`
	}
	cmd := &cobra.Command{
		Use:     name + " GAME POSITION...",
		Short:   short,
		Long:    long,
		Example: example,
		Args:    minArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.game, opts.position = args[0], strings.Join(args[1:], " ")
			return misereFormRun(cmd, io, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, `print {"game","position","form","genus","tame","outcome","misere_value","normal_value","birthday"}`)
	opts.budget.add(cmd.Flags())
	return cmd
}

func misereFormRun(cmd *cobra.Command, io *streams, opts *misereFormOptions) error {
	copts, err := opts.budget.options(true)
	if err != nil {
		return err
	}
	ctx, cancel := opts.budget.context(cmd.Context())
	defer cancel()
	g, err := opts.budget.game(ctx, opts.game)
	if err != nil {
		return err
	}
	res, err := catalog.SolveMisereForm(ctx, g, opts.position, copts)
	if err != nil {
		return misereError(err)
	}
	if opts.json {
		return jsonout.Write(io.out, res)
	}
	if opts.genus {
		_, err = fmt.Fprintf(io.out, "%s\n", res.Genus)
		if err == nil {
			_, err = fmt.Fprint(io.out, misereFormText(res))
		}
		return err
	}
	_, err = fmt.Fprint(io.out, misereFormText(res))
	return err
}

type misereQuotientOptions struct {
	game    string
	heaps   int
	maxSize int
	json    bool
	budget  budgetFlags
}

func newMisereQuotientCmd(io *streams) *cobra.Command {
	opts := &misereQuotientOptions{}
	cmd := &cobra.Command{
		Use:   "quotient GAME [--heaps N]",
		Short: "The misère quotient of a heap game",
		Long: `Compute the misère quotient of a heap game (octal and hexadecimal codes,
subtraction games, Nim, Grundy's game, Starlark heap games) for the sums of
heaps of at most N tokens, heap by heap: a presentation (generators and
relations), the P-portion, the elements and the pretending function Φ
mapping each heap to an element. A sum of heaps is a misère P-position
exactly when the product of the images of its heaps is in the P-portion
(Plambeck 2005; Plambeck–Siegel 2008).

Status: "proved" when the periodicity theorem certifies the quotient for
every heap size (take-and-break codes and finite subtraction games; the
criterion is printed), "computed" when it holds for the heaps computed.
A quotient larger than --max-size elements stops the run with an error
naming the heap where it grew past the limit.`,
		Example: `  grundy misere quotient octal:0.75 --heaps 30
  grundy misere quotient kayles --heaps 20 --json
  grundy misere quotient subtract:1,3,4`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.game = args[0]
			return misereQuotientRun(cmd, io, opts)
		},
	}
	cmd.Flags().IntVar(&opts.heaps, "heaps", 20, "the largest heap N")
	cmd.Flags().IntVar(&opts.maxSize, "max-size", misere.DefaultMaxSize, "the largest quotient (elements)")
	cmd.Flags().BoolVar(&opts.json, "json", false, `print {"game","heaps","size","p_size","status","generators","relations","elements","p_portion","pretending","period","grew","table"}`)
	opts.budget.add(cmd.Flags())
	return cmd
}

// maxQuotientHeaps bounds --heaps: the options of every heap are held.
const maxQuotientHeaps = 100_000

// maxQuotientSize bounds --max-size: the construction builds tables of up
// to (2·size)² entries (256 MiB at 4096), within --max-memory.
const maxQuotientSize = 4096

func misereQuotientRun(cmd *cobra.Command, io *streams, opts *misereQuotientOptions) error {
	if opts.heaps < 0 || opts.heaps > maxQuotientHeaps {
		return usagef("--heaps must be in 0..%d, not %d", maxQuotientHeaps, opts.heaps)
	}
	if opts.maxSize < 1 || opts.maxSize > maxQuotientSize {
		return usagef("--max-size must be in 1..%d, not %d", maxQuotientSize, opts.maxSize)
	}
	copts, err := opts.budget.options(true)
	if err != nil {
		return err
	}
	ctx, cancel := opts.budget.context(cmd.Context())
	defer cancel()
	g, err := opts.budget.game(ctx, opts.game)
	if err != nil {
		return err
	}
	res, err := catalog.SolveMisereQuotient(ctx, g, opts.heaps, opts.maxSize, copts)
	if err != nil {
		return misereError(err)
	}
	if opts.json {
		return jsonout.Write(io.out, res)
	}
	_, err = fmt.Fprint(io.out, res.Summary.Text(res.Game))
	return err
}

// misereError makes asking for the misère analysis of a game it does not
// apply to a usage error, and a quotient past its size limit a limit hit
// (both exit 2).
func misereError(err error) error {
	var ue *catalog.CapabilityError
	var se *misere.SizeError
	if errors.As(err, &ue) || errors.As(err, &se) {
		return usageError{Err: err}
	}
	return err
}

package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/cardflip"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/partizan/games"
	"github.com/grundy/grundy/problems"
)

// Shell completion (grundy completion bash|zsh|fish|powershell): game
// names from the catalog for the GAME argument, problem ids for grundy
// problem's ID, and the choices of the flags that name one (--strategy,
// --strength, --color).

// gameNames lists the spec strings a GAME argument completes to: every
// game named alone (nim, kayles, and their aliases), every argument of a
// family that lists them (coins:mock-turtles, …), and "family:" for the
// families whose games take arguments (subtract:, octal:, starlark:).
func gameNames() []string {
	var out []string
	for _, f := range families.All() {
		names := append([]string{f.Name}, f.Aliases...)
		if !strings.Contains(f.Syntax, ":") {
			out = append(out, names...)
			continue
		}
		if len(f.Args) > 0 {
			for _, a := range f.Args {
				out = append(out, f.Name+":"+a)
			}
			continue
		}
		out = append(out, f.Name+":")
	}
	return out
}

// completeGame completes the first argument (the game) of solve, play,
// values, period, games and misere's commands (and, for solve, play and
// games, the partizan rulesets' names); later arguments are positions,
// which are not completed.
func completeGame(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	noSpace := false
	names := gameNames()
	if n := cmd.Name(); (n == "solve" || n == "play" || n == "games") && cmd.Parent() != nil && !cmd.Parent().HasParent() {
		for _, r := range games.Rulesets() {
			names = append(names, append([]string{r.Name}, r.Aliases...)...)
		}
	}
	for _, n := range names {
		if strings.HasPrefix(n, toComplete) {
			out = append(out, n)
			noSpace = noSpace || strings.HasSuffix(n, ":")
		}
	}
	d := cobra.ShellCompDirectiveNoFileComp
	if noSpace {
		d |= cobra.ShellCompDirectiveNoSpace
	}
	return out, d
}

// completeProblem completes grundy problem's ID from the problems of the
// catalog, each with its title as the description (shown by zsh and fish).
func completeProblem(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, p := range problems.All() {
		if strings.HasPrefix(p.ID, toComplete) {
			out = append(out, p.ID+"\t"+p.Title)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeWords completes a flag from a list of words, made only when a
// completion is asked for.
func completeWords(words func() []string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return words(), cobra.ShellCompDirectiveNoFileComp
	}
}

// fixed is a list of words known in advance.
func fixed(words ...string) func() []string { return func() []string { return words } }

// strategyNames lists the card-flip strategies for --strategy. It builds
// every strategy (ordered's table among them), so it runs only when the
// shell asks: every command's start-up registers completions.
func strategyNames() []string {
	out := []string{"best"}
	for _, s := range cardflip.Strategies() {
		out = append(out, s.Info().Name)
	}
	return out
}

// flagWords are the flags with a fixed list of choices, and their lists.
var flagWords = map[string]func() []string{
	"strategy": strategyNames,
	"strength": fixed("perfect", "random", "mixed"),
	"color":    fixed("auto", "always", "never"),
	"model":    fixed("table", "turn"),
	"variant":  fixed("standard", "free", "fixed", "rearrange"),
}

// addCompletions registers the completions of the command tree: the GAME
// argument of the commands that take one, and the flags with a fixed list
// of choices. Nothing is computed here: it runs on every start-up.
func addCompletions(root *cobra.Command) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		switch cmdName(c) {
		case "solve", "play", "values", "period", "games", "misere form", "misere genus", "misere quotient":
			c.ValidArgsFunction = completeGame
		case "problem":
			c.ValidArgsFunction = completeProblem
		}
		for name, words := range flagWords {
			if c.Flags().Lookup(name) != nil {
				_ = c.RegisterFlagCompletionFunc(name, completeWords(words))
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

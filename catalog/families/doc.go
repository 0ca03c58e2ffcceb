// Package families holds the game families of the catalog: each a
// catalog.Family naming a kind of game by the part of a spec string before
// the colon ("nim", "subtract:S", "octal:CODE", "coins:RULE",
// "starlark:FILE", …), with its rule, board, closed form and OEIS entry,
// and building its games on the engine games of the domain packages
// (games, octal, coins, rules) through a catalog.Spec (catalog.New).
//
// [All] lists them in display order; a catalog.Resolver given that list
// (its Families) resolves every spec, a game named alone or a component of
// a sum; [Parse] is the resolver of the command line's defaults.
//
//	g, err := families.Parse("subtract:1,3,4")
//	res, err := g.Solve(ctx, "7", catalog.Options{Budget: impartial.DefaultBudget})
//	fmt.Println(res.Outcome, *res.Value) // P 0
package families

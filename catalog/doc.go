// Package catalog names games by spec strings and presents them through
// their position syntax, for the CLI, the web server and the JSON API.
//
// A spec string is a family name, optionally followed by a colon and
// arguments: "nim", "subtract:1,3,4", "subtract:1-3". A [Resolver] turns a
// spec into a [Game] under one policy: its families, rule files and
// limits. The families, what the catalog holds, are defined in package
// families (families.All lists them, families.Parse resolves with the
// command line's defaults). A Game reads positions in its own syntax
// ("3 4 5" for heaps), and its results ([Result], [Sequence]) write
// positions in that syntax too, so every output can be fed back as input.
// The JSON forms of these results are the ones the CLI's --json flag prints
// and the /api/ endpoints return.
//
// The games themselves live in domain packages (games, …) as impartial.Game
// values; a family describes each by a typed [Spec] (its [Binding] for a
// question, and the fast paths it has), and [New] makes the [Game], whose
// methods are every question ([NewHeapGame] and [NewSumGame] are the short
// forms). What a game answers (Info.Heap, Table, Periodic) follows from what
// its spec gives. The sum of different games ([SumFamily]) is this
// package's own notation. docs/design.md says how a game enters.
// Malformed specs give a [*SpecError] and malformed positions a
// [*PositionError], both naming the column of the problem.
//
//	g, err := families.Parse("subtract:1,3,4")
//	res, err := g.Solve(ctx, "7", catalog.Options{Budget: impartial.DefaultBudget})
//	fmt.Println(res.Outcome, *res.Value) // P 0
//
// # Library API beyond the CLI
//
// Boards is the list of record of the board names Info.Board may take
// (the pictures the page draws); the tests of the catalog and the web
// check every game's board against it, the faces never call it. It is the
// one exported name deadcode from cmd/ reports here.
package catalog

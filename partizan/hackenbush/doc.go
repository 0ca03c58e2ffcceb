// Package hackenbush is blue-red-green Hackenbush (Berlekamp, Conway and
// Guy, Winning Ways, ch. 1, 2 and 7) on strings, trees and any graph on a
// ground, as a partizan ruleset: Left cuts blue edges, Right red ones,
// either player green ones, and whatever is no longer connected to the
// ground falls away. The player who cannot move loses.
//
// Positions are written in CGSuite's notation (Parse): "lrlrrllr" is a
// stalk, "l(l;rl)" a tree, "ee:Aeeee:A" a cycle on a stalk. Parts that
// meet only at the ground are independent (Game.Components), and a
// picture's transposition key (Game.Key) is the same for every drawing of
// a tree and for the colour-swapped picture, negated.
//
// Closed forms, each checked against the plain oracle of package
// rulesettest:
//   - NumberValue: a picture without green edges is a number, searched as
//     numbers only, its parts hanging at a single vertex replaced by
//     stalks of the same value (the colon principle), and a stalk read by
//     Berlekamp's sign-expansion rule;
//   - NimValue: a green picture is the nimber given by the fusion and
//     colon principles.
//
// # Library API beyond the CLI
//
// Dyadic.String writes a NumberValue as CGSuite does (77/128); the faces
// print values through package partizan, so only programs and the tests
// call it.
package hackenbush

// Package cutcake is Cutcake (Berlekamp, Conway and Guy, Winning Ways,
// ch. 2) as a partizan ruleset: Left cuts a rectangular cake vertically,
// Right horizontally, along the lines between its unit squares, until no
// piece can be cut. Every position is an integer, given in closed form by
// CakeValue and checked against the search.
package cutcake

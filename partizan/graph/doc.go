// Package graph holds CGSuite's notation for graphs with labelled
// vertices and edges (Syntax.Parse and Syntax.Format), which the partizan
// rulesets played on graphs share: Hackenbush (edge colours) and Col,
// Snort and Clobber (vertex labels).
package graph

// The partizan endpoints as the explorer uses them (docs/api.md, "Partizan
// games"): one place that knows their parameters and answers.
import { api } from './api.js';

// rulesets lists the rulesets: [{name, title, left, right, syntax, example, …}].
export async function rulesets() {
  const r = await api('partizan/rulesets');
  return r.rulesets ?? r;
}

// analyze answers everything about a position: value, outcome, stops,
// mean, temperature, thermograph, and every option of each side
// (options.left, options.right: {position, value, wins, best}).
export function analyze(ruleset, position, opts) {
  return api('partizan/solve', { ruleset, position, all: 1 }, opts);
}

// reply is the perfect player's move for side ('left' or 'right'):
// {move: {position, value} | absent when side has no move}.
export function reply(ruleset, position, side, opts) {
  return api('partizan/reply', { ruleset, position, side }, opts);
}

// value evaluates an expression of values (the calculator).
export function value(expr, opts) {
  return api('partizan/value', { expr }, opts);
}

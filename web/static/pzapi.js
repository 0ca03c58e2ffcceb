// The partizan endpoints as the explorer uses them (docs/api.md, "Partizan
// games"): the one place that knows their parameters and the names in
// their answers (partizan/games: Ruleset, Analysis, Move, Calculation).
// It renames; it computes nothing.
import { api } from './api.js';

// rulesets lists the rulesets: [{name, title, rule, left, right, syntax,
// example, board}].
export async function rulesets(opts) {
  const r = await api('partizan/rulesets', {}, opts);
  return r.rulesets ?? r;
}

// move is an option as the page uses it: the position it leads to, the
// move in words (when the ruleset says it), its value, whether it wins for
// the player making it, its rank among its side's options (best or
// dominated, and reversible: games.Move), and what it changes in the
// position's picture (the analysis's picture, games.Picture).
const move = (m) => ({
  position: m.to, move: m.move, value: m.value, wins: m.result === 'win',
  rank: m.rank, reversible: !!m.reversible, changes: m.changes ?? [], other_changes: m.other_changes ?? [],
});

// analyze answers everything about a position (games.Analysis with every
// option): value, outcome, stops, mean, temperature, thermograph, and
// options.left, options.right, a page of each ({offset, limit}: limit a
// number or 'all'; the server's default is 100), with next.left,
// next.right (the offset of the next page, or 0 at the end) and
// notes.left, notes.right (how many are not listed, and why).
export async function analyze(game, position, { offset = 0, limit } = {}, opts) {
  const params = { game, position, all: 1 };
  if (offset) params.offset = offset;
  if (limit !== undefined) params.limit = limit;
  const a = await api('partizan/solve', params, opts);
  return {
    ...a,
    options: { left: (a.left_options ?? []).map(move), right: (a.right_options ?? []).map(move) },
    option_counts: { left: a.left_moves, right: a.right_moves },
    next: { left: a.left_next_offset ?? 0, right: a.right_next_offset ?? 0 },
    notes: { left: a.left_options_note ?? '', right: a.right_options_note ?? '' },
  };
}

// reply is the perfect player's move for side ('left' or 'right'):
// {move: {position, value, wins} | null when side has no move}.
export async function reply(game, position, side, opts) {
  const r = await api('partizan/reply', { game, position, side }, opts);
  return { ...r, move: r.move ? move(r.move) : null };
}

// value evaluates an expression of values (the calculator): games.Calculation.
export function value(expr, opts) {
  return api('partizan/value', { expr }, opts);
}

// format is the text of the position a picture draws (games.Picture, as
// analyze gives it, or edited), as the server writes it in the ruleset's
// syntax.
export async function format(game, picture, opts) {
  const r = await api('partizan/format', { game, picture: JSON.stringify(picture) }, opts);
  return r.position;
}

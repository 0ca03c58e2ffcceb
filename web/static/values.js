// Values as the explorer and the play page show them: every option
// coloured by what it does for the player making it (GamesmanUni's colours:
// green wins, yellow draws, red loses), the value of a sum written as the
// nim-sum of its components' values, and Gamesman's value history. All of
// it is the server's analysis (/api/solve, with all=1 for the options):
// the page formats it and computes nothing about the game.
import { h, nimber } from './dom.js';

// valueOf writes what a position or option is worth: its loopy value
// (∞(k) for a draw), else its nim-value, else its outcome.
export function valueOf(x) {
  if (x.loopy_value !== undefined && x.loopy_value !== '') return x.loopy_value;
  if (x.value !== undefined) return nimber(x.value);
  return '';
}

// sumText writes the value of a position of several components as the
// nim-sum of theirs, "3 ⊕ 4 ⊕ 5 = 2" (the server's component_values), or
// null for one component.
export function sumText(r) {
  if (r.value === undefined) return null;
  const cv = r.components?.every((c) => c.value !== undefined) ? r.components.map((c) => c.value) : r.component_values;
  if (!cv || cv.length < 2) return null;
  return `${cv.join(' ⊕ ')} = ${r.value}`;
}

// parts names the components of a heap position for the sum ("G(5) ⊕ G(2)
// ⊕ G(9)") when the position lists them as numbers, one per value.
export function partsText(r) {
  const cv = r.component_values;
  if (!cv || !/^\d+( \d+)*$/.test(r.position)) return null;
  const ps = r.position.split(' ');
  if (ps.length !== cv.length || ps.every((p, i) => Number(p) === cv[i])) return null;
  return ps.map((p) => `G(${p})`).join(' ⊕ ');
}

const WORDS = { win: 'wins', lose: 'loses', draw: 'draws' };
const MAX_SHOWN = 400; // options drawn as buttons
const LETTER = { win: 'W', lose: 'L', draw: 'D' };

// optionList lists every option of r (r.options, from all=1), coloured by
// its result, with the value and the remoteness of the position it leads
// to. onPick(option) runs when one is clicked.
export function optionList(r, { id, onPick, title = 'Explore this position' } = {}) {
  const shown = r.options.slice(0, MAX_SHOWN);
  return h('ul', { class: 'moves options', id },
    r.options.length > MAX_SHOWN ? h('li', { class: 'more' }, `The first ${MAX_SHOWN} of ${r.options.length.toLocaleString()} options listed, winning first:`) : null,
    shown.map((o) => h('li', {},
      h('button', {
        class: `move r-${o.result}`, 'data-to': o.to, 'data-result': o.result, title,
        onclick: onPick ? () => onPick(o) : undefined,
      },
      h('span', { class: 'rbadge', title: `this move ${WORDS[o.result] ?? o.result}` }, LETTER[o.result] ?? '?'),
      h('code', {}, o.to),
      o.move ? h('span', { class: 'desc' }, o.move) : null,
      h('span', { class: 'ovalue' },
        valueOf(o) ? h('span', { title: 'value of the position after the move' }, '→ ', valueOf(o)) : null,
        o.remoteness !== undefined ? h('span', { class: 'remote', title: remotenessTitle(o.remoteness) }, ` · remoteness ${o.remoteness}`) : null)))));
}

// remotenessTitle explains the one remoteness every face gives of a move:
// that of the position it leads to (the JSON's remoteness, the command
// line's "remoteness 11"), the moves the game then lasts when the winner
// hurries and the loser delays.
export function remotenessTitle(r) {
  return r === 0 ? 'remoteness 0: this move ends the game'
    : `remoteness ${r}: after this move the game lasts ${r} more move${r === 1 ? '' : 's'} with best play (the winner hurries, the loser delays)`;
}

// legend explains the colours.
export function legend() {
  return h('p', { class: 'more rlegend' },
    'For the player making the move: ', h('span', { class: 'rbadge r-win' }, 'W'), ' wins, ',
    h('span', { class: 'rbadge r-draw' }, 'D'), ' keeps a draw, ', h('span', { class: 'rbadge r-lose' }, 'L'),
    ' loses against best play; → the value of the position it leads to; the remoteness of that position: how many more moves the game lasts with best play. Winning moves come first.');
}

// mover's outcome of a position: win (N), lose (P) or draw (D).
export const outcomeResult = (o) => ({ N: 'win', P: 'lose', D: 'draw' })[o] ?? 'unknown';

// historyStrip draws Gamesman's value history: one cell per position of
// the game, coloured by its outcome for the player to move (win, lose,
// draw), with its value and remoteness, the mover, and a mark on the moves
// that gave away a win or a draw.
export function historyStrip(entries) {
  return h('div', { class: 'vhistory', role: 'list', 'aria-label': 'Value history' },
    entries.map((e, i) => h('div', {
      class: `vcell r-${e.result ? outcomeResult(e.result.outcome) : 'unknown'}` + (e.mistake ? ' mistake' : '') + ` by-${e.toMove}`,
      role: 'listitem',
      'data-ply': String(i),
      title: e.result
        ? `${i === 0 ? 'Start' : `After move ${i}`}: ${e.position} — ${e.toMove === 'you' ? 'you' : 'the computer'} to move, ` +
          `${{ N: 'a win', P: 'a loss', D: 'a draw' }[e.result.outcome]} for the player to move` +
          (e.result.remoteness !== undefined ? ` in ${e.result.remoteness}` : '') + (e.mistake ? ` (the move here was a mistake: ${e.mistake})` : '')
        : e.position,
    },
    h('small', {}, i === 0 ? 'start' : String(i)),
    h('b', {}, e.result ? valueOf(e.result) || e.result.outcome : '…'),
    h('small', {}, e.toMove === 'you' ? 'you' : 'cpu', e.result?.remoteness !== undefined ? ` ·${e.result.remoteness}` : ''))));
}

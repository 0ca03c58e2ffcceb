// The multi-bridge round table, shared by the bridge page's optimal line and
// its play panel: drawing only, from what /api/bridge/* answered.
import { s as sv } from './plot.js';

export const team = (pos) => (pos % 2 === 0 ? 'A' : 'P');

// roundTable draws the 2n players around the table, clockwise from player
// 1 at the top: each with the team, the two cards, and, for the plays made
// (line.plays, in order), the order of play, the card played (dark) and the
// card kept (dashed); the highest played and kept cards (line.high_played,
// line.high_kept) orange. opts.mid replaces the words in the middle,
// opts.toMove marks the seat to move, opts.you the seats a person plays.
export function roundTable(hands, line, opts = {}) {
  const k = hands.length;
  const size = k > 8 ? 540 : 440;
  const c = size / 2;
  const R = c - 52;
  const svg = sv('svg', { viewBox: `0 0 ${size} ${size}`, class: 'table', role: 'img', 'aria-label': `the ${k} players around the table` });
  svg.append(sv('circle', { cx: c, cy: c, r: R - 40, class: 'felt' }));
  const plays = new Map((line?.plays ?? []).map((p, i) => [p.position, { ...p, order: i + 1 }]));
  const mid = opts.mid ?? (line ? `player ${line.start} leads; A scores ${line.points}` : null);
  if (mid) svg.append(sv('text', { x: c, y: c + 5, 'text-anchor': 'middle', class: 'tablemid' }, mid));
  hands.forEach((hand, i) => {
    const pos = i + 1;
    const a = -Math.PI / 2 + (2 * Math.PI * i) / k;
    const x = c + R * Math.cos(a);
    const y = c + R * Math.sin(a);
    const p = plays.get(pos);
    const you = opts.you?.includes(pos);
    const g = sv('g', {
      class: `seatg team${team(pos)}` + (line && line.start === pos ? ' leader' : '') + (opts.toMove === pos ? ' tomove' : '') + (you ? ' you' : ''),
      'data-position': String(pos),
    });
    g.append(sv('title', {}, `player ${pos} (team ${team(pos)}${you ? ', you' : ''}): cards ${hand.join(' and ')}` + (p ? `; plays ${p.played} (move ${p.order}) and keeps ${p.kept}` : '')));
    g.append(sv('rect', { x: x - 46, y: y - 26, width: 92, height: 52, rx: 9, class: 'seatbox' }));
    g.append(sv('text', { x: x, y: y - 11, 'text-anchor': 'middle', class: 'seatname' }, `${p ? p.order + '. ' : ''}${you ? 'you' : 'player'} ${pos} · ${team(pos)}`));
    hand.forEach((card, j) => {
      const role = p ? (card === p.played ? 'played' : 'kept') : 'card';
      const scoring = line && ((role === 'played' && card === line.high_played) || (role === 'kept' && card === line.high_kept));
      const cx = x - 30 + j * 32;
      g.append(sv('rect', { x: cx, y: y - 3, width: 28, height: 22, rx: 4, class: `tcard ${role}` + (scoring ? ' scoring' : '') }));
      g.append(sv('text', { x: cx + 14, y: y + 13, 'text-anchor': 'middle', class: `tcardtext ${role}` }, String(card)));
    });
    svg.append(g);
  });
  return svg;
}

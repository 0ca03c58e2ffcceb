// The bridge page's play panel: a person takes a team or one seat and
// chooses a card on each of their turns; the computer plays the other seats
// optimally. Every answer (the computer's plays, the verdict on each of the
// person's plays with the optimal card and what a mistake cost, the values
// of the next choices) comes from /api/bridge/play, which replays the
// plays given with package bridge's Round, as `grundy bridge play` does.
import { api } from './api.js';
import { h, clear } from './dom.js';
import { team, roundTable } from './bridgetable.js';

const PLAY_N = 64; // bridge.MaxPlayN: deals are played move by move up to this n
const ROUND_N = 6; // largest n drawn as a round table
const pts = (v) => (v === 1 ? '1 point' : `${v} points`);

function positions(first, n) {
  const ps = [];
  for (let p = first; p <= 2 * n; p += 2) ps.push(p);
  return ps.length > 4 ? `${ps.slice(0, 3).join(', ')}, …, ${ps[ps.length - 1]}` : ps.join(', ');
}

export function playPanel() {
  const as = h('select', { id: 'br-as', 'aria-label': 'You play' });
  const start = h('input', { id: 'br-play-start', type: 'number', min: '1', value: '1', 'aria-label': 'Starting player' });
  const go = h('button', { id: 'br-play', onclick: () => begin() }, 'Play this deal');
  const note = h('p', { id: 'br-play-note', class: 'more' });
  const status = h('p', { id: 'br-play-status', class: 'status', hidden: true });
  const table = h('div', { id: 'br-play-table', class: 'roundtable' });
  const prompt = h('div', { id: 'br-play-prompt' });
  const turns = h('ol', { id: 'br-play-turns', class: 'brturns' });
  const result = h('div', { id: 'br-play-result' });
  let src = null;
  let n = 0;
  let game = null; // {as, start, plays: the person's cards, in order}
  let ticket = 0;

  // reset shows the panel for a new deal: no round in play.
  function reset(source, dealN, chosen) {
    src = source;
    n = dealN;
    game = null;
    ticket++;
    const keep = as.value;
    clear(as, h('option', { value: 'A' }, `team A (positions ${positions(2, n)})`), h('option', { value: 'P' }, `team P (positions ${positions(1, n)})`),
      Array.from({ length: Math.min(2 * n, 2 * PLAY_N) }, (_, i) => h('option', { value: String(i + 1) }, `position ${i + 1} only (team ${team(i + 1)})`)));
    if ([...as.options].some((o) => o.value === keep)) as.value = keep;
    start.max = String(2 * n);
    start.value = String(Math.min(chosen, 2 * n));
    const big = n > PLAY_N;
    go.disabled = big;
    clear(note, big ? `Deals are played move by move for n ≤ ${PLAY_N}; this one has n = ${n}.` : 'The computer plays every other seat as well as it can be played. After each of your plays you see the card that was optimal and what a mistake cost.');
    status.hidden = true;
    clear(table);
    clear(prompt);
    clear(turns);
    clear(result);
  }

  // chosen follows the start chosen in the sequence while no round is in play.
  function chosen(s) {
    if (!game) start.value = String(s);
  }

  function begin() {
    game = { as: as.value, start: start.value, plays: [] };
    step();
  }

  async function step() {
    const mine = ++ticket;
    try {
      const res = await api('bridge/play', { ...src, start: game.start, as: game.as, plays: game.plays.join(',') });
      if (mine === ticket) show(res);
    } catch (e) {
      if (mine === ticket) clear(prompt, h('p', { class: 'error', role: 'alert' }, e.message));
    }
  }

  function choose(card) {
    game.plays.push(card);
    step();
  }

  function undo() {
    game.plays.pop();
    step();
  }

  function verdict(t) {
    if (t.by !== 'you') return null;
    if (t.cost === 0) return h('span', { class: 'verdict good' }, ` Optimal: with best play team A still scores ${pts(t.value)}.`);
    return h('span', { class: 'verdict mistake' }, ` A mistake: putting down ${t.best} was optimal (team A would score ${pts(t.before)} with best play; now ${pts(t.value)}). It cost team ${t.team} ${pts(t.cost)}.`);
  }

  function show(res) {
    status.hidden = false;
    status.className = 'status';
    const mine = res.turns.filter((t) => t.by === 'you');
    if (res.over) {
      status.classList.add(res.value === res.optimal ? 'won' : 'lost');
      clear(status, `Team A scores ${pts(res.value)}, team P ${pts(2 - res.value)}.`);
    } else {
      clear(status, `Position ${res.to_move} (team ${team(res.to_move)}, you) to play. `, h('span', { class: 'why' }, `With best play from the start team A scores ${pts(res.optimal)}.`));
    }
    clear(table, res.n <= ROUND_N
      ? roundTable(res.hands, { start: res.start, plays: res.turns, high_played: res.high_played, high_kept: res.high_kept },
        { mid: res.over ? `A scores ${res.value} (best play: ${res.optimal})` : `${res.turns.length} of ${2 * res.n} have played`, toMove: res.to_move, you: res.seats })
      : null);
    clear(turns, res.turns.map((t, i) => h('li', { class: `team${t.team} ${t.by}` + (t.by === 'you' ? (t.cost ? ' mistake' : ' good') : '') },
      h('span', { class: 'who' }, `${i + 1}. Position ${t.position} (${t.team}, ${t.by === 'you' ? 'you' : 'computer'}) puts down `),
      h('span', { class: 'chip played' }, String(t.played)), ' keeps ', h('span', { class: 'chip kept' }, String(t.kept)), verdict(t))));
    const undoBtn = h('button', { id: 'br-play-undo', class: 'secondary', onclick: undo, disabled: game.plays.length === 0 }, 'Undo my last play');
    if (res.over) {
      const mistakes = mine.filter((t) => t.cost > 0).length;
      clear(prompt, h('div', { class: 'row' }, undoBtn, h('button', { class: 'secondary', onclick: begin }, 'Play again')));
      clear(result, h('p', { id: 'br-play-summary' }, `The highest card put down is ${res.high_played} (team ${res.played_point}), the highest kept ${res.high_kept} (team ${res.kept_point}). With best play on both sides team A scores ${pts(res.optimal)}; `,
        mistakes === 0 ? 'you made no mistake.' : `your ${mistakes === 1 ? 'mistake' : `${mistakes} mistakes`} cost ${pts(res.cost)}.`));
      return;
    }
    clear(result);
    const hint = h('p', { id: 'br-play-hint', class: 'more', hidden: true },
      res.choices.map((c, i) => `${i ? '; ' : 'Hint: '}put down ${c.played} and team A scores ${pts(c.value)} with best play`).join('') + '.');
    const hand = res.hands[res.to_move - 1];
    clear(prompt,
      h('p', {}, `Your turn, position ${res.to_move} (team ${team(res.to_move)}): you hold ${hand[0]} and ${hand[1]}. Put one down, keep the other:`),
      h('div', { class: 'row' },
        res.choices.map((c) => h('button', { class: 'cardbtn', 'data-card': String(c.played), onclick: () => choose(c.played) }, `Put down ${c.played}`)),
        h('button', { id: 'br-play-hintbtn', class: 'secondary', onclick: () => { hint.hidden = false; } }, 'Hint'), undoBtn),
      hint);
  }

  const el = h('div', { class: 'card', id: 'br-playcard' },
    h('h2', {}, 'Play this deal against the optimal line'),
    h('div', { class: 'row wraprow' },
      h('label', { class: 'field' }, h('span', {}, 'You play'), as),
      h('label', { class: 'field small' }, h('span', {}, 'Starting player'), start),
      go),
    note, status, table, prompt, turns, result);
  return { el, reset, chosen };
}

// The multi-bridge page: type a deal or deal one at random (the server deals
// from a seed), see A's score seq[s] for every start s, an optimal line of
// play with the taking team for a chosen start, and count the deals with a
// given sequence. Everything shown comes from /api/bridge/*, which calls
// package bridge as `grundy bridge solve --json --explain S` does.
import { api, apiURL } from './api.js';
import { h, clear } from './dom.js';
import { team, roundTable } from './bridgetable.js';
import { playPanel } from './bridgeplay.js';

const SHOW_SEQ = 400; // sequence cells shown
const SHOW_PLAYS = 120; // plays of the optimal line shown
const SHOW_DEAL = 2000; // largest n whose deal is written in the text box
const EXPLAIN_N = 10000; // the server explains deals up to this n

const QUERIES_KEY = 'grundy.bridge.queries';
const ROUND_N = 6; // largest n drawn as a round table (12 seats)
const POINTS = ['no point', '1 point', '2 points'];

// inWords says seq in plain words: "Team A scores 2 points if player 1
// starts, 0 points if player 2 starts, …", grouped by score when long.
export function inWords(seq) {
  if (seq.every((v) => v === seq[0])) return `Team A scores ${POINTS[seq[0]]} whoever starts.`;
  if (seq.length <= 8) {
    return 'Team A scores ' + seq.map((v, i) => `${POINTS[v]} if player ${i + 1} starts`).join(', ') + '.';
  }
  const parts = [];
  for (const v of [2, 1, 0]) {
    const who = seq.map((x, i) => (x === v ? i + 1 : 0)).filter((x) => x);
    if (who.length === 1) parts.push(`${POINTS[v]} if player ${who[0]} starts`);
    else if (who.length > 1 && who.length <= 6) parts.push(`${POINTS[v]} if one of players ${who.join(', ')} starts`);
    else if (who.length > 6) parts.push(`${POINTS[v]} if one of ${who.length} players starts (${who.slice(0, 5).join(', ')}, …)`);
  }
  return 'Team A scores ' + parts.join('; ') + '.';
}

// parseHands reads the hands of a deal in the CLI's text (n, then two cards
// per player), for drawing only: the server has checked it.
function parseHands(text) {
  const nums = text.trim().split(/\s+/).map(Number);
  const n = nums[0];
  const hands = [];
  for (let i = 0; i < 2 * n; i++) hands.push([nums[1 + 2 * i], nums[2 + 2 * i]].sort((a, b) => a - b));
  return hands;
}


// rules says the game in plain words, for the deal's n.
function rules(n) {
  const li = (title, ...text) => h('li', {}, h('b', {}, title), ' ', ...text);
  return [
    h('p', { class: 'more', id: 'br-rules-n' }, `In this deal n = ${n}: ${2 * n} players, the cards 1 to ${4 * n}.`),
    h('ol', {},
      li('Seats and teams.', '2n players sit round a table at positions 1 to 2n. Team ', h('b', { class: 'teamP' }, 'P'), ' holds the odd positions (1, 3, 5, …) and team ', h('b', { class: 'teamA' }, 'A'), ' the even ones (2, 4, 6, …): the teams alternate round the table.'),
      li('Cards.', 'The cards are 1 to 4n, each dealt once; a higher card beats a lower one. Every player holds two, and everyone sees every hand.'),
      li('Who leads.', 'The starting player s goes first, then s+1, s+2, … round the table (after 2n comes 1), until each player has had one turn. Choose s by clicking a cell of the sequence.'),
      li('A turn.', 'Put one of your two cards down on the table and keep the other.'),
      li('Two points.', 'The highest card put down scores one point for the team of the player who put it down; the highest card kept scores the other point for the team of the player who kept it.'),
      li('Aims.', 'Team A plays to score as many of the two points as it can (it maximizes A\'s points); team P plays to leave A as few as it can (it minimizes them). seq[s] is A\'s score, 0, 1 or 2, when s leads and both teams play perfectly.')),
  ];
}

// legend explains the page's colours and marks.
function legend() {
  const item = (...marks) => h('li', {}, marks.slice(0, -1), h('span', {}, marks[marks.length - 1]));
  const cell = (v) => h('span', { class: `cell v${v} swatchcell` }, String(v));
  return h('ul', { class: 'brlegend', id: 'br-legend' },
    item(h('b', { class: 'teamA' }, 'A'), 'team A (even positions), blue'),
    item(h('b', { class: 'teamP' }, 'P'), 'team P (odd positions), violet'),
    item(h('span', { class: 'brseq inline' }, cell(2), cell(1), cell(0)), 'seq[s]: A scores 2, 1 or 0 when s leads'),
    item(h('span', { class: 'brseq inline' }, h('span', { class: 'cell v1 chosen swatchcell' }, '1')), 'the start shown (outlined)'),
    item(h('span', { class: 'swatch leader' }), 'on the table: the leader (thick border)'),
    item(h('span', { class: 'swatch tomove' }), 'the seat to play (dashed border)'),
    item(h('span', { class: 'chip played' }, '7'), 'a card put down, with its order (3. player 5)'),
    item(h('span', { class: 'chip kept' }, '4'), 'a card kept (dashed)'),
    item(h('span', { class: 'chip played hot' }, '9'), h('span', { class: 'chip kept hot' }, '8'), 'orange: the highest card put down and the highest kept, which score'));
}

export default {
  id: 'bridge',
  title: 'Multi-bridge',
  mount(section, app) {
    const n = h('input', { id: 'br-n', type: 'number', min: '1', max: '100000', value: '4', 'aria-label': 'n' });
    const seed = h('input', { id: 'br-seed', type: 'number', min: '0', placeholder: 'random', 'aria-label': 'Seed' });
    const deal = h('textarea', { id: 'br-deal', class: 'mono', rows: '10', spellcheck: 'false', 'aria-label': 'Deal' });
    const message = h('div', { id: 'br-message' });
    const summary = h('p', { id: 'br-summary', class: 'summary' });
    const seqEl = h('div', { id: 'br-seq', class: 'brseq' });
    const analysis = h('div', { id: 'br-analysis' });
    const plays = h('div', { id: 'br-plays', class: 'seats' });
    // The typed queries are kept (for the session) across deals, links and
    // reloads; counting the shown sequence leaves them as they are.
    const queries = h('textarea', { id: 'br-queries', class: 'mono', rows: '4', spellcheck: 'false', 'aria-label': 'Counting queries' });
    queries.value = sessionStorage.getItem(QUERIES_KEY) ?? '3\n212111\n';
    queries.addEventListener('input', () => sessionStorage.setItem(QUERIES_KEY, queries.value));
    const table = h('div', { id: 'br-table', class: 'roundtable' });
    const thisCount = h('div', { id: 'br-count-this-result' });
    const mod = h('input', { id: 'br-mod', class: 'mono', value: '1000000007', 'aria-label': 'Modulus' });
    const counts = h('div', { id: 'br-counts' });
    const rulesEl = h('div', { id: 'br-rules', class: 'brrules' }, rules(4));
    const player = playPanel();
    let source = null; // {n, seed} or {deal}, as in the URL
    let last = null; // the last solve answer
    let ticket = 0;

    const params = (src, start) => ({ ...src, start: String(start) });

    function dealRandom() {
      const p = { n: n.value };
      if (seed.value !== '') p.seed = seed.value;
      app.go('bridge', { ...p, start: '1' });
    }
    function solveTyped() {
      app.go('bridge', { deal: deal.value.trim() + '\n', start: '1' });
    }

    async function load(src, start) {
      const mine = ++ticket;
      clear(message);
      section.classList.add('computing');
      try {
        if (src.n && src.seed === undefined) {
          // Ask the server for a seed, and record it in the URL.
          const d = await api('bridge/deal', { n: src.n });
          if (mine !== ticket) return;
          app.go('bridge', params({ n: String(d.n), seed: String(d.seed) }, start));
          return;
        }
        if (src.n) {
          n.value = src.n;
          seed.value = src.seed;
          if (Number(src.n) <= SHOW_DEAL) {
            const d = await api('bridge/deal', src);
            if (mine !== ticket) return;
            deal.value = `${d.n}\n` + d.hands.map((c) => `${c[0]} ${c[1]}`).join('\n') + '\n';
          } else {
            deal.value = `(n = ${src.n}: the deal is too long to show here; /api/bridge/deal?n=${src.n}&seed=${src.seed} lists its hands)`;
          }
        } else {
          deal.value = src.deal;
        }
        const big = Number(src.n ?? 0) > EXPLAIN_N;
        const res = await api('bridge/solve', big ? src : { ...src, explain: start });
        if (mine !== ticket) return;
        const fresh = JSON.stringify(src) !== JSON.stringify(source);
        source = src;
        last = res;
        show(res, start, big);
        clear(rulesEl, rules(res.n));
        if (fresh) player.reset(src, res.n, start);
        else player.chosen(start);
      } catch (e) {
        if (mine !== ticket) return;
        clear(message, h('p', { class: 'error', role: 'alert' }, e.message));
      } finally {
        if (mine === ticket) section.classList.remove('computing');
      }
    }

    function show(res, start, big) {
      const seq = res.sequence;
      const tally = [0, 0, 0];
      for (const v of seq) tally[v]++;
      // In plain words first (issue 31): who scores what, then the tally.
      const starts = (c) => (c === 1 ? '1 start' : `${c.toLocaleString()} starts`);
      clear(summary, h('b', {}, `n = ${res.n}`), ` · ${2 * res.n} players`,
        h('span', { class: 'inwords', id: 'br-words' }, inWords(seq)),
        tally.some((c) => c === seq.length) ? null
          : h('span', { class: 'tally', id: 'br-tally' }, `Of the ${seq.length.toLocaleString()} players who may start: 2 points for team A from ${starts(tally[2])}, 1 point from ${starts(tally[1])}, no point from ${starts(tally[0])}.`));
      const cells = seq.slice(0, SHOW_SEQ).map((v, i) => h('button', {
        class: `cell v${v}` + (i + 1 === start ? ' chosen' : ''),
        'data-start': String(i + 1),
        title: `start ${i + 1} (team ${team(i + 1)}): A scores ${v}`,
        onclick: () => app.go('bridge', params(source, i + 1)),
      }, h('small', {}, String(i + 1)), String(v)));
      clear(seqEl, cells,
        seq.length > SHOW_SEQ ? h('p', { class: 'more' }, `Showing seq[1..${SHOW_SEQ}] of ${seq.length.toLocaleString()}; `, h('a', { href: apiURL('bridge/solve', source), download: 'bridge.json' }, 'download the JSON'), ' for all.') : null);
      const line = res.explain;
      clear(table, res.n <= ROUND_N && /\d/.test(deal.value) ? roundTable(parseHands(deal.value), line) : null);
      if (!line) {
        clear(analysis, h('p', { class: 'more' }, big ? `Optimal lines are shown for n ≤ ${EXPLAIN_N}.` : ''));
        clear(plays);
        return;
      }
      const top = 4 * res.n;
      const next = top - line.k - 1;
      clear(analysis,
        h('p', { class: 'status' + (line.points === 2 ? ' won' : line.points === 0 ? ' lost' : '') },
          `Start ${line.start} (team ${team(line.start)}): A scores ${POINTS[line.points]} with best play`),
        h('ul', { class: 'facts' },
          h('li', {}, 'Team ', h('b', { class: 'team' + line.winner }, line.winner), ` holds ${top}, the top card: it scores at least one point (W = ${line.winner}).`),
          h('li', {}, `Chain ${top}${line.k > 0 ? `, …, ${top - line.k}` : ''}: k = ${line.k} (k* = ${line.k_star}; the teams alternate down to ${top - line.alternation}).`),
          h('li', {}, `Case ${line.case}: `, h('b', { class: 'team' + line.taker }, `team ${line.taker}`), ` holds ${next} and takes the second point.`),
          h('li', {}, `Highest played ${line.high_played} (team ${line.played_point}), highest kept ${line.high_kept} (team ${line.kept_point}).`)));
      clear(plays, line.plays.slice(0, SHOW_PLAYS).map((p, i) => h('div', {
        class: 'seat team' + p.team + (p.played === line.high_played ? ' highplayed' : '') + (p.kept === line.high_kept ? ' highkept' : ''),
        title: `move ${i + 1}: position ${p.position} (team ${p.team}) plays ${p.played} and keeps ${p.kept}`,
      },
      h('span', { class: 'who' }, `${i + 1}. #${p.position} `, h('b', {}, p.team)),
      h('span', { class: 'cards' }, h('span', { class: 'chip played', title: 'played' }, String(p.played)), h('span', { class: 'chip kept', title: 'kept' }, String(p.kept))))),
      line.plays.length > SHOW_PLAYS ? h('p', { class: 'more' }, `… and ${line.plays.length - SHOW_PLAYS} more plays.`) : null);
    }

    // count counts the deals of each query: exactly (exact=1) up to
    // n = 100, modulo the prime beyond.
    async function count(text = queries.value, into = counts) {
      try {
        const res = await api('bridge/count', { queries: text, mod: mod.value.trim(), exact: 1 });
        clear(into, h('ol', { class: 'countlist' }, res.counts.map((c, i) => h('li', {},
          res.exact?.[i]
            ? [h('b', { class: 'mono exact' }, res.exact[i]), ` deal${res.exact[i] === '1' ? '' : 's'} exactly `, h('span', { class: 'more' }, `(${c} mod ${res.modulus})`)]
            : [h('b', { class: 'mono' }, String(c)), ` deals mod ${res.modulus} `, h('span', { class: 'more' }, '(the exact count is given for n ≤ 100)')]))));
      } catch (e) {
        clear(into, h('p', { class: 'error', role: 'alert' }, e.message));
      }
    }
    function countThis() {
      if (!last) return;
      count(`${last.n}\n${last.sequence.join('')}\n`, thisCount);
    }

    n.addEventListener('keydown', (e) => { if (e.key === 'Enter') dealRandom(); });
    seed.addEventListener('keydown', (e) => { if (e.key === 'Enter') dealRandom(); });

    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'Multi-bridge'),
        h('p', {}, 'A card game for two teams: each player puts one of two cards down and keeps the other; the highest card put down and the highest kept score a point each. Solve a deal for every starting player, play it against the optimal line, and count the deals with a given outcome.')),
      h('div', { class: 'card', id: 'br-howto' }, h('h2', {}, 'How it is played'), rulesEl, h('h3', {}, 'What the colours and marks mean'), legend()),
      h('div', { class: 'grid bridge' },
        h('div', { class: 'card' }, h('h2', {}, 'Deal'),
          h('div', { class: 'row' },
            h('label', { class: 'field small' }, h('span', {}, 'n (2n players)'), n),
            h('label', { class: 'field small' }, h('span', {}, 'Seed'), seed),
            h('button', { id: 'br-random', onclick: dealRandom }, 'Deal')),
          h('label', { class: 'field' }, h('span', {}, 'Or type a deal: n, then the two cards of positions 1..2n'), deal),
          h('div', { class: 'row' }, h('button', { id: 'br-solve', class: 'secondary', onclick: solveTyped }, 'Solve this deal')),
          message),
        h('div', { class: 'card answer' }, h('h2', {}, 'Sequence seq[1..2n]'), summary, seqEl,
          h('div', { class: 'row' }, h('button', { id: 'br-count-this', class: 'secondary', onclick: countThis }, 'Count the deals with this sequence')), thisCount,
          h('h2', {}, 'An optimal line'), analysis, table, plays,
          h('p', { class: 'more legend' }, 'In order of play: position, team, ', h('span', { class: 'chip played' }, 'played'), ' and ', h('span', { class: 'chip kept' }, 'kept'), ' card; the two scoring cards in orange.'))),
      player.el,
      h('div', { class: 'card', id: 'br-countcard' }, h('h2', {}, 'Count deals by sequence'),
        h('p', { class: 'more' }, 'One or more queries: a line with n, then the 2n values seq[1..2n] (0, 1 or 2; spaced or as one word). The answer is the number of deals of the cards 1..4n with exactly that sequence, modulo a prime.'),
        h('div', { class: 'row countrow' },
          h('label', { class: 'field' }, h('span', {}, 'Queries'), queries),
          h('label', { class: 'field small' }, h('span', {}, 'Modulus (a prime)'), mod),
          h('button', { id: 'br-count', onclick: () => count() }, 'Count')),
        counts));

    return {
      async show(p) {
        const start = Math.max(1, Number(p.start) || 1);
        let src;
        if (p.deal) src = { deal: p.deal };
        else if (p.n) src = p.seed !== undefined ? { n: p.n, seed: p.seed } : { n: p.n };
        else src = { n: '4', seed: '7' };
        await load(src, start);
      },
    };
  },
};

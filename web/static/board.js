// Boards: a picture of a position, drawn from its canonical string, for the
// games whose /api/info names a board (catalog.Boards): heaps of tokens,
// Kayles pins, a row of coins, a grid of coins, the stairs of staircase Nim,
// Wythoff's queen, the strip of Nimble. The page only draws: a click stands for a
// move, which is looked up among the moves the server listed (its `to`
// strings); a click that stands for no listed move says so. When the moves
// carry a result (win, lose or draw, from /api/solve?all=1), the pieces
// they move are coloured by it.
import { h, clear } from './dom.js';
import { valueOf } from './values.js';

// Bounds of what is drawn: beyond them the position is shown as text only
// (a grid of coins says so, with its size).
const MAX_HEAPS = 12;
const MAX_TOKENS = 40;
const MAX_QUEEN = 24;
const MAX_COINS = 64;
// A grid of coins is drawn to 64 columns and 64 rows (as many coins as the
// nimber table's 64 × 64); past 16 its coins are smaller and it scrolls
// inside its frame.
const MAX_GRID_SIDE = 64;
const GRID_DENSE = 16;
const MAX_STAIRS = 12;

const nums = (s) => s.split(' ').map(Number);
// sameHeaps compares two heap positions as multisets of non-empty heaps:
// take-and-break games drop empty heaps and may order the parts their way.
const sameHeaps = (a, b) => {
  const key = (s) => nums(s).filter((x) => x > 0).sort((x, y) => x - y).join(' ');
  return key(a) === key(b);
};

// find returns the listed move leading to the first candidate position
// that is one (exactly, else as the same multiset of heaps).
function find(moves, candidates, loose = sameHeaps) {
  for (const c of candidates) {
    const m = moves.find((x) => x.to === c);
    if (m) return m;
  }
  if (!loose) return null;
  for (const c of candidates) {
    const m = moves.find((x) => /^[\d ]+$/.test(x.to) && loose(x.to, c));
    if (m) return m;
  }
  return null;
}

// gridOf reads a position of a grid game as the server writes it: rows of
// H and T separated by "/" (the first row origin[1], each from column
// origin[0]), or its heads "(x,y) (x,y)" ("none" for no heads), in the
// box from the origin to its last column and row (at least one coin). It
// returns { w, h, heads, list }: the size, the set of the heads' cells
// (indices row by row) and whether the position is a list of heads; null
// for other text.
function gridOf(position, [x0, y0]) {
  if (/^[HT]+(\/[HT]+)*$/.test(position)) {
    const rows = position.split('/');
    const w = rows[0].length;
    if (rows.some((r) => r.length !== w)) return null;
    const heads = new Set();
    [...rows.join('')].forEach((c, i) => { if (c === 'H') heads.add(i); });
    return { w, h: rows.length, heads, list: false };
  }
  const cells = headList(position);
  if (!cells || cells.some(([x, y]) => x < x0 || y < y0)) return null;
  const w = cells.reduce((m, [x]) => Math.max(m, x - x0 + 1), 1);
  const ht = cells.reduce((m, [, y]) => Math.max(m, y - y0 + 1), 1);
  // Far heads make a box too large to draw: its size is all that is asked.
  const heads = w > MAX_GRID_SIDE || ht > MAX_GRID_SIDE ? new Set() : new Set(cells.map(([x, y]) => (y - y0) * w + x - x0));
  return { w, h: ht, heads, list: true };
}

// headList reads "(x,y) (x,y)" or "none" into [[x, y], …] (null for other
// text).
function headList(s) {
  if (s === 'none') return [];
  if (!/^\(\d+,\d+\)( \(\d+,\d+\))*$/.test(s)) return null;
  return [...s.matchAll(/\((\d+),(\d+)\)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

// cellsIn reads a position written as grid's is (rows of the same size, or
// a list of heads) into the set of its heads' cells in grid's box; null if
// it is written otherwise or has a head outside the box.
function cellsIn(position, grid, [x0, y0]) {
  if (grid.list) {
    const cells = headList(position);
    if (!cells) return null;
    const out = new Set();
    for (const [x, y] of cells) {
      if (x < x0 || y < y0 || x - x0 >= grid.w || y - y0 >= grid.h) return null;
      out.add((y - y0) * grid.w + x - x0);
    }
    return out;
  }
  const g = gridOf(position, [x0, y0]);
  return g && !g.list && g.w === grid.w && g.h === grid.h ? g.heads : null;
}

const resultClass = (m) => (m && m.result ? ' r-' + m.result : '');

// board draws position for a game with info.board. moves are the listed
// moves ({to, move, result?}); onMove(move) is called with the move a click
// stands for, onNote(text) with a sentence when it stands for none (both
// optional: without onMove the board is a picture). It returns null when
// the game has no board or the position is too large to draw.
export function board(info, position, { moves = [], onMove, onNote } = {}) {
  const draw = drawers[info?.board];
  if (!draw) return null;
  const el = draw(position, { moves, onMove, onNote: onNote ?? (() => {}), info });
  if (el && !el.classList.contains('boardcap')) {
    el.classList.add('board-' + info.board);
    if (onMove) el.classList.add('clickable');
  }
  return el;
}

const drawers = {
  heaps(position, o) {
    if (!/^\d+( \d+)*$/.test(position)) return null;
    const heaps = nums(position);
    if (heaps.length > MAX_HEAPS || heaps.some((n) => n > MAX_TOKENS)) return null;
    // Token k of heap i stands for taking it and every token to its right
    // (heap i → k), or, in games that split heaps (Grundy's game), for
    // splitting the heap there (k and n − k).
    const moveAt = (i, k) => {
      const n = heaps[i];
      const take = heaps.map((x, j) => (j === i ? k : x)).join(' ');
      const split = [...heaps.slice(0, i), k, n - k, ...heaps.slice(i + 1)].join(' ');
      return find(o.moves, [take]) ?? (k > 0 ? find(o.moves, [split]) : null);
    };
    return h('div', { class: 'heaps' },
      heaps.map((n, i) => h('div', { class: 'heap' },
        h('span', { class: 'heaplabel' }, `heap ${i + 1}`),
        h('span', { class: 'tokens' },
          Array.from({ length: n }, (_, k) => {
            const m = o.onMove ? moveAt(i, k) : null;
            return h('span', {
              class: 'token' + resultClass(m) + (m ? ' legal' : ''),
              'data-heap': String(i), 'data-k': String(k),
              title: m ? `${m.move || '→ ' + m.to}${m.result ? ' (' + m.result + 's)' : ''}` : undefined,
              onclick: o.onMove ? () => (m ? o.onMove(m) : o.onNote(`No legal move takes token ${k + 1} of heap ${i + 1}.`)) : undefined,
            });
          }),
          n === 0 ? h('span', { class: 'empty' }, 'empty') : null),
        h('span', { class: 'heapsize' }, String(n)))));
  },

  pins(position, o) {
    if (!/^\d+( \d+)*$/.test(position)) return null;
    const rows = nums(position);
    if (rows.length > MAX_HEAPS || rows.some((n) => n > MAX_TOKENS)) return null;
    // Knocking down pins a..b of row i leaves the pins left of a and right
    // of b as two rows. Click the first pin, then the last (the same pin
    // again for one).
    let anchor = null;
    const el = h('div', { class: 'heaps pins' });
    const knock = (i, a, b) => {
      const lo = Math.min(a, b);
      const hi = Math.max(a, b);
      const n = rows[i];
      const cand = [...rows.slice(0, i), lo, n - hi - 1, ...rows.slice(i + 1)].join(' ');
      return find(o.moves, [cand]);
    };
    const click = (i, k) => {
      if (!anchor || anchor.i !== i) {
        anchor = { i, k };
        for (const p of el.querySelectorAll('.pin')) p.classList.toggle('anchor', p.dataset.row === String(i) && p.dataset.k === String(k));
        o.onNote(`Pin ${k + 1} of row ${i + 1} chosen: click it again to knock it down alone, or the last pin of the run to knock down.`);
        return;
      }
      const m = knock(i, anchor.k, k);
      const [lo, hi] = [Math.min(anchor.k, k), Math.max(anchor.k, k)];
      anchor = null;
      for (const p of el.querySelectorAll('.pin.anchor')) p.classList.remove('anchor');
      if (m) o.onMove(m);
      else o.onNote(`No legal move knocks down ${lo === hi ? `pin ${lo + 1}` : `pins ${lo + 1}..${hi + 1}`} of row ${i + 1}.`);
    };
    el.append(...rows.map((n, i) => h('div', { class: 'heap' },
      h('span', { class: 'heaplabel' }, `row ${i + 1}`),
      h('span', { class: 'tokens' },
        Array.from({ length: n }, (_, k) => {
          const single = o.onMove ? knock(i, k, k) : null;
          return h('span', {
            class: 'pin' + resultClass(single),
            'data-row': String(i), 'data-k': String(k),
            title: o.onMove ? `pin ${k + 1}${single ? `: alone, ${single.move || single.to}${single.result ? ' (' + single.result + 's)' : ''}` : ''}` : undefined,
            onclick: o.onMove ? () => click(i, k) : undefined,
          });
        }),
        n === 0 ? h('span', { class: 'empty' }, 'empty') : null),
      h('span', { class: 'heapsize' }, String(n)))));
    return el;
  },

  coins(position, o) {
    if (!/^[HT]+$/.test(position) || position.length > MAX_COINS) return null;
    const start = o.info.start ?? 0;
    const marked = new Set();
    const turn = h('button', { class: 'secondary small', disabled: true }, 'Turn the marked coins');
    // The move that turns exactly the marked coins.
    const chosen = () => o.moves.find((m) => m.to.length === position.length &&
      [...position].every((c, j) => (c !== m.to[j]) === marked.has(j)));
    const update = () => {
      const m = marked.size ? chosen() : null;
      turn.disabled = !m;
      turn.textContent = m ? `Turn them: ${m.move || m.to}` : marked.size ? 'No legal move turns exactly these coins' : 'Turn the marked coins';
      turn.className = 'secondary small' + resultClass(m);
    };
    turn.addEventListener('click', () => { const m = chosen(); if (m) o.onMove(m); });
    const row = h('div', { class: 'coinrow' }, [...position].map((c, j) => h('span', {
      class: 'coin ' + (c === 'H' ? 'heads' : 'tails'),
      'data-j': String(j),
      title: `coin ${j + start}: ${c === 'H' ? 'heads' : 'tails'}`,
      onclick: o.onMove ? (e) => {
        marked.has(j) ? marked.delete(j) : marked.add(j);
        e.currentTarget.classList.toggle('marked', marked.has(j));
        update();
      } : undefined,
    }, h('b', {}, c), h('small', {}, String(j + start)))));
    return h('div', { class: 'coins' }, row,
      o.onMove ? h('div', { class: 'coinactions' }, turn, h('span', { class: 'more' }, 'Mark the coins to turn (the rightmost goes from heads to tails).')) : null);
  },

  // A grid of coins (the two-dimensional coin-turning games), its columns
  // and rows labelled from info.origin. A position is rows of H and T
  // separated by "/", row 0 first, or a list of heads "(x,y) (x,y)" (or
  // "none"), drawn to the bounding box of its heads (gridOf). A move turns
  // its south-east-most coin from heads to tails; a click on a coin picks
  // the listed moves whose south-east-most turned coin it is (the coins a
  // move turns are where its position and the page's differ, the last of
  // them in reading order). One is played; several are offered, each
  // highlighting the coins it turns.
  coingrid(position, o) {
    const origin = o.info.origin ?? [0, 0];
    const grid = gridOf(position, origin);
    if (!grid) return null;
    const { w, h: ht, heads } = grid;
    const [x0, y0] = origin;
    if (w > MAX_GRID_SIDE || ht > MAX_GRID_SIDE) {
      return h('p', { class: 'note boardcap' },
        `This grid reaches column ${x0 + w - 1} and row ${y0 + ht - 1} (${w} × ${ht} coins): the board draws at most ${MAX_GRID_SIDE} columns and ${MAX_GRID_SIDE} rows, so the position is shown as text only.`);
    }
    const label = (x, y) => `(${x + x0},${y + y0})`;
    // turned lists the cells (indices into the grid, row by row) a move
    // turns: where its position's heads and the page's differ.
    const turned = (m) => {
      const to = cellsIn(m.to, grid, origin);
      if (!to) return null;
      const out = [];
      for (const i of heads) if (!to.has(i)) out.push(i);
      for (const i of to) if (!heads.has(i)) out.push(i);
      return out.length ? out.sort((a, b) => a - b) : null;
    };
    const byCoin = new Map(); // cell → [{ m, cells }]
    for (const m of o.moves) {
      const cells = turned(m);
      if (!cells) continue;
      const se = cells[cells.length - 1];
      if (!byCoin.has(se)) byCoin.set(se, []);
      byCoin.get(se).push({ m, cells });
    }
    // A coin is ringed in the best colour of its moves for the mover.
    const best = (list) => {
      for (const r of ['win', 'draw', 'lose']) if (list.some((c) => c.m.result === r)) return ' r-' + r;
      return '';
    };
    const choices = h('div', { class: 'gridchoices' });
    const el = h('div', { class: 'coingrid' });
    const coinEls = [];
    const highlight = (cells) => coinEls.forEach((c, i) => c.classList.toggle('turned', !!cells && cells.includes(i)));
    const pick = (i) => {
      const x = i % w;
      const y = Math.floor(i / w);
      const list = byCoin.get(i) ?? [];
      coinEls.forEach((c, j) => c.classList.toggle('anchor', j === i && list.length > 1));
      highlight(null);
      clear(choices);
      if (!list.length) {
        o.onNote(heads.has(i)
          ? `No listed move turns coin ${label(x, y)} from heads to tails as its south-east-most coin.`
          : `Coin ${label(x, y)} shows tails: a move turns its south-east-most coin from heads to tails.`);
        return;
      }
      if (list.length === 1) { o.onMove(list[0].m); return; }
      o.onNote(`${list.length} moves turn coin ${label(x, y)} from heads to tails: choose one (it highlights the coins it turns).`);
      choices.append(...list.map(({ m, cells }) => h('button', {
        class: 'move small' + resultClass(m), 'data-to': m.to,
        onmouseenter: () => highlight(cells), onfocus: () => highlight(cells),
        onmouseleave: () => highlight(null), onblur: () => highlight(null),
        onclick: () => o.onMove(m),
      }, h('span', { class: 'desc' }, m.move || m.to), valueOf(m) ? h('span', { class: 'ovalue' }, '→ ', valueOf(m)) : null)));
    };
    const cells = [h('span', { class: 'corner' })];
    for (let x = 0; x < w; x++) cells.push(h('small', { class: 'collabel' }, String(x + x0)));
    for (let y = 0; y < ht; y++) {
      cells.push(h('small', { class: 'rowlabel' }, String(y + y0)));
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const c = heads.has(i) ? 'H' : 'T';
        const list = o.onMove ? byCoin.get(i) : null;
        const coin = h('span', {
          class: 'coin ' + (c === 'H' ? 'heads' : 'tails') + (list ? ' legal' + best(list) : ''),
          'data-x': String(x), 'data-y': String(y),
          title: `coin ${label(x, y)}: ${c === 'H' ? 'heads' : 'tails'}` + (list ? ` · ${list.length === 1 ? list[0].m.move || list[0].m.to : `${list.length} moves`}` : ''),
          onclick: o.onMove ? () => pick(i) : undefined,
        }, c);
        coinEls.push(coin);
        cells.push(coin);
      }
    }
    // Past 16 columns or rows the coins are smaller (22 px, then 16 px
    // without their letter) and the grid scrolls in its frame, its labels
    // staying in view.
    const side = Math.max(w, ht);
    const dense = side > GRID_DENSE;
    const grid2 = h('div', { class: 'cgrid' + (dense ? ' dense' + (side > 2 * GRID_DENSE ? ' tiny' : '') : ''), style: `--w:${w}` }, cells);
    el.append(dense ? h('div', { class: 'cgridframe' }, grid2) : grid2);
    if (o.onMove) {
      el.append(choices, h('p', { class: 'more' }, 'Click a head: the move that turns it to tails as its south-east-most coin (columns to the right, rows down) is played, or, when there are several, offered.'));
    }
    return el;
  },

  stairs(position, o) {
    if (!/^\d+( \d+)*$/.test(position)) return null;
    const stairs = nums(position);
    if (stairs.length > MAX_STAIRS || stairs.some((n) => n > 16)) return null;
    // Coin c (from the top) of stair s stands for moving it and the coins
    // above it one stair down (off the stairs from stair 1).
    const moveAt = (s, c) => {
      const next = stairs.slice();
      next[s] -= c;
      if (s > 0) next[s - 1] += c;
      const text = next.join(' ');
      return find(o.moves, [text, text.replace(/( 0)+$/, '')], null);
    };
    return h('div', { class: 'stairs' }, stairs.map((n, s) => h('div', { class: 'stair', style: `--step:${s + 1}` },
      h('div', { class: 'stack' }, Array.from({ length: n }, (_, j) => {
        const c = n - j; // coins moved: this one and those above it
        const m = o.onMove ? moveAt(s, c) : null;
        return h('span', {
          class: 'token' + resultClass(m) + (m ? ' legal' : ''),
          'data-stair': String(s + 1), 'data-c': String(c),
          title: m ? (m.move || m.to) + (m.result ? ` (${m.result}s)` : '') : undefined,
          onclick: o.onMove ? () => (m ? o.onMove(m) : o.onNote(`No legal move moves ${c} coin${c > 1 ? 's' : ''} from stair ${s + 1}.`)) : undefined,
        });
      })),
      h('div', { class: 'step' }, h('small', {}, `stair ${s + 1}`), h('b', {}, String(n))))));
  },

  queen(position, o) {
    const m = /^(\d+) (\d+)$/.exec(position);
    if (!m) return null;
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a >= MAX_QUEEN || b >= MAX_QUEEN) return null;
    const size = Math.max(a, b) + 1;
    // The queen at column a, row b moves left, down or diagonally down-left
    // (Wythoff: take from one heap, or the same from both); the corner is
    // the goal.
    const cells = [];
    for (let y = size - 1; y >= 0; y--) {
      for (let x = 0; x < size; x++) {
        const to = `${x} ${y}`;
        const mv = o.moves.find((t) => t.to === to);
        const here = x === a && y === b;
        cells.push(h('span', {
          class: 'cell' + (here ? ' queen' : '') + (mv ? ' target' + resultClass(mv) : '') + ((x + y) % 2 ? ' dark' : ''),
          'data-to': to,
          title: here ? `the queen at ${to}` : mv ? `${mv.move || to}${mv.result ? ' (' + mv.result + 's)' : ''}` : to,
          onclick: o.onMove && !here ? () => (mv ? o.onMove(mv) : o.onNote(`The queen cannot move to ${to}.`)) : undefined,
        }, here ? '♛' : ''));
      }
    }
    return h('div', { class: 'queenboard', style: `--n:${size}` },
      h('div', { class: 'grid' }, cells),
      h('p', { class: 'more' }, `Heap sizes = the queen's column and row (from 0); she moves left, down or diagonally down-left, and whoever brings her to 0 0 wins.`));
  },

  strip(position, o) {
    if (!/^\d+( \d+)*$/.test(position)) return null;
    const squares = nums(position);
    const len = Math.max(...squares) + 1;
    if (squares.length > MAX_HEAPS || len > MAX_COINS) return null;
    // Click a coin, then the square it slides to.
    let chosen = null;
    const el = h('div', { class: 'strip' });
    const cell = (q) => {
      const here = squares.map((s, i) => (s === q ? i : -1)).filter((i) => i >= 0);
      return h('span', {
        class: 'square' + (here.length ? ' hascoin' : ''),
        'data-square': String(q),
        onclick: o.onMove ? () => {
          if (chosen === null) {
            if (!here.length) return;
            chosen = here[0];
            el.querySelector(`[data-square="${q}"]`).classList.add('anchor');
            o.onNote(`Coin on square ${q} chosen: click a square to its left.`);
            return;
          }
          const next = squares.slice();
          next[chosen] = q;
          const mv = find(o.moves, [next.join(' ')]);
          chosen = null;
          for (const x of el.querySelectorAll('.anchor')) x.classList.remove('anchor');
          if (mv) o.onMove(mv);
          else o.onNote(`No legal move slides that coin to square ${q}.`);
        } : undefined,
      }, here.length ? h('span', { class: 'coin heads' }, here.length > 1 ? String(here.length) : '') : null, h('small', {}, String(q)));
    };
    el.append(...Array.from({ length: len }, (_, q) => cell(q)));
    return el;
  },
};

// Boards of the partizan explorer: a grid (Domineering, Cram, Clobber,
// Amazons, Konane: rows from the top joined by "|", one character a cell,
// CGSuite's notation) or a strip (Toads and Frogs, Toppling Dominoes: one row). The
// page reads and writes these strings only to draw them and to let a click
// change a cell; the server parses every position it is sent, and every
// move shown is one the server listed (a click picks among them by the
// cells they change).
import { h } from './dom.js';

// The boards the page draws, by ruleset name: the kind, the cells in the
// order a click cycles through them, and what each cell shows. A ruleset
// not listed here is edited as text only (Hackenbush, graphs, Cutcake).
export const BOARDS = {
  domineering: { kind: 'grid', cells: '.#', empty: '4x4' },
  cram: { kind: 'grid', cells: '.#', empty: '3x3' },
  clobber: { kind: 'grid', cells: '.xo', empty: '3x3' },
  amazons: { kind: 'grid', cells: '.xo#', empty: '3x3' },
  konane: { kind: 'grid', cells: '.xo', empty: '3x3' },
  'toads-and-frogs': { kind: 'strip', cells: '.tf', empty: '6' },
  'toppling-dominoes': { kind: 'strip', cells: 'lre.', empty: '5' },
};

// What a cell shows: a title (its meaning) and a glyph.
const CELL = {
  '.': ['empty', ''],
  '#': ['blocked', ''],
  x: ['black (Left)', '●'],
  o: ['white (Right)', '○'],
  t: ['toad (Left, moves right)', 'T'],
  f: ['frog (Right, moves left)', 'F'],
  l: ['blue domino (Left)', ''],
  r: ['red domino (Right)', ''],
  e: ['green domino (either)', ''],
};

// Bounds of a board drawn and edited by clicks (past them: text only).
export const MAX_SIDE = 16;
export const MAX_STRIP = 40;

// spec returns the board of ruleset name, or null.
export function spec(name) {
  return BOARDS[name] ?? null;
}

// parse reads text as a board of spec b: {rows: [[c, …], …]}, or null when
// it is not one (another syntax the server reads, such as "4x5": the page
// then shows the server's canonical position, which is a board).
export function parse(b, text) {
  if (!b) return null;
  const t = text.trim();
  const cls = '[' + b.cells.replace(/[\]\\^-]/g, '\\$&') + ']';
  if (b.kind === 'strip') {
    if (!new RegExp('^' + cls + '{1,' + MAX_STRIP + '}$', 'i').test(t)) return null;
    return { rows: [[...t.toLowerCase()]] };
  }
  if (!new RegExp('^' + cls + '+(\\|' + cls + '+)*$', 'i').test(t)) return null;
  const rows = t.toLowerCase().split('|').map((r) => [...r]);
  if (rows.length > MAX_SIDE || rows.some((r) => r.length !== rows[0].length || r.length > MAX_SIDE)) return null;
  return { rows };
}

// format writes a board as its position string.
export function format(board) {
  return board.rows.map((r) => r.join('')).join('|');
}

// sized returns an empty board of w × h cells (a strip: h = 1).
export function sized(b, w, hgt) {
  return { rows: Array.from({ length: b.kind === 'strip' ? 1 : hgt }, () => Array(w).fill(b.cells[0])) };
}

// resize returns board with a row or column added (+1) or removed (-1) at
// the bottom or right, within the bounds.
export function resize(b, board, drow, dcol) {
  const rows = board.rows.map((r) => [...r]);
  const w = rows[0].length + dcol;
  const max = b.kind === 'strip' ? MAX_STRIP : MAX_SIDE;
  if (w < 1 || w > max) return board;
  for (const r of rows) {
    if (dcol > 0) r.push(b.cells[0]);
    else if (dcol < 0) r.pop();
  }
  if (b.kind === 'grid') {
    if (drow > 0 && rows.length < MAX_SIDE) rows.push(Array(w).fill(b.cells[0]));
    else if (drow < 0 && rows.length > 1) rows.pop();
  }
  return { rows };
}

// cycle returns board with cell (i, j) changed to the next cell of b's
// list.
export function cycle(b, board, i, j) {
  const rows = board.rows.map((r) => [...r]);
  const k = b.cells.indexOf(rows[i][j]);
  rows[i][j] = b.cells[(k + 1) % b.cells.length];
  return { rows };
}

// changed returns the cells ("i,j") where two boards of the same shape
// differ, or null when their shapes differ.
export function changed(a, b) {
  if (!a || !b || a.rows.length !== b.rows.length) return null;
  const out = [];
  for (let i = 0; i < a.rows.length; i++) {
    if (a.rows[i].length !== b.rows[i].length) return null;
    for (let j = 0; j < a.rows[i].length; j++) if (a.rows[i][j] !== b.rows[i][j]) out.push(i + ',' + j);
  }
  return out;
}

// cellClass is the class list of a cell showing c.
function cellClass(c, mark) {
  return `pcell c-${c === '.' ? 'empty' : c === '#' ? 'blocked' : c} ${mark ?? ''}`.trim();
}

// refresh redraws the cells of el, a view of a board of the same shape,
// in place (so that a cell being clicked is not replaced under the
// pointer); it returns false when the shapes differ (draw a new view).
export function refresh(el, board, { marks = new Map() } = {}) {
  const rows = el?.children;
  if (!rows || rows.length !== board.rows.length || board.rows.some((r, i) => rows[i].children.length !== r.length)) return false;
  board.rows.forEach((row, i) => row.forEach((c, j) => {
    const cell = rows[i].children[j];
    const [title, glyph] = CELL[c] ?? [c, c];
    cell.className = cellClass(c, marks.get(i + ',' + j));
    cell.title = `row ${i + 1}, column ${j + 1}: ${title}`;
    if (cell.textContent !== glyph) cell.textContent = glyph;
  }));
  return true;
}

// view draws board as a table of cells. marks maps "i,j" to a class added
// to the cell (the cells of a move shown); onCell(i, j), if given, makes
// the cells buttons.
export function view(board, { marks = new Map(), onCell, id, label = 'board' } = {}) {
  const wide = board.rows[0].length;
  return h('div', {
    id,
    class: 'pboard' + (onCell ? ' clickable' : ''),
    role: 'grid',
    'aria-label': label,
    style: `--cols: ${wide}`,
  }, board.rows.map((row, i) => h('div', { class: 'prow', role: 'row' }, row.map((c, j) => {
    const [title, glyph] = CELL[c] ?? [c, c];
    const attrs = {
      class: cellClass(c, marks.get(i + ',' + j)),
      title: `row ${i + 1}, column ${j + 1}: ${title}`,
      role: 'gridcell',
      'data-cell': i + ',' + j,
    };
    if (onCell) {
      attrs.onclick = () => onCell(i, j);
      attrs.tabindex = '0';
      attrs.onkeydown = (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onCell(i, j); } };
    }
    return h('span', attrs, glyph);
  }))));
}

// Pictures of the partizan explorer: a Hackenbush position (edges on a
// ground line, blue, red and green) or a graph (Col, Snort, Clobber on a
// graph: labelled vertices), drawn as SVG from the picture the server
// sends (games.Picture: vertices and edges). The layout is presentation
// only; what a click means comes from the server too: each option lists
// the parts of the picture it changes (its `changes`: the edge cut, the
// vertex coloured, the stone's vertex and its capture), and a click picks
// among the options that change what was clicked.
import { s as svg } from './plot.js';

const STEP = 46; // the distance between neighbouring vertices, in SVG units
const R = 11; // a graph vertex's radius

// partKey names a part of a picture: "e3" (edge 3) or "v2" (vertex 2).
export function partKey(pic, i) {
  return (pic.kind === 'hackenbush' ? 'e' : 'v') + i;
}

// moves lists, for each move to an option's position (the option's own,
// then the others to the same position), the keys of what it changes.
export function moves(pic, o) {
  return [o.changes ?? [], ...(o.other_changes ?? [])].filter((c) => c.length).map((c) => c.map((i) => partKey(pic, i)));
}

// parts lists the keys of what any move to an option's position changes.
export function parts(pic, o) {
  return moves(pic, o).flat();
}

// adjacency lists, for each vertex, its [neighbour, edge index] pairs.
function adjacency(pic) {
  const adj = pic.vertices.map(() => []);
  pic.edges.forEach((e, i) => {
    adj[e.u].push([e.v, i]);
    if (e.u !== e.v) adj[e.v].push([e.u, i]);
  });
  return adj;
}

// tidy places the tree below root (children by kids) with leaves on
// consecutive slots from x0 and each parent over the middle of its
// children; it returns the next free slot.
function tidy(root, kids, pos, x0, depth, dir) {
  const ch = kids.get(root) ?? [];
  let x = x0;
  if (ch.length === 0) {
    pos[root] = { x: x0, y: depth * dir };
    return x0 + 1;
  }
  for (const c of ch) x = tidy(c, kids, pos, x, depth + 1, dir);
  pos[root] = { x: (pos[ch[0]].x + pos[ch[ch.length - 1]].x) / 2, y: depth * dir };
  return x;
}

// layoutHackenbush places each vertex above the ground (y < 0, in slots)
// by a breadth-first tree from the ground, each edge to the ground with
// its own foot.
function layoutHackenbush(pic) {
  const adj = adjacency(pic);
  const parent = new Map(); // vertex → [parent, edge]
  const order = [];
  const seen = new Set([0]);
  const queue = [0];
  while (queue.length) {
    const u = queue.shift();
    for (const [v, i] of adj[u]) {
      if (seen.has(v)) continue;
      seen.add(v);
      parent.set(v, [u, i]);
      order.push(v);
      queue.push(v);
    }
  }
  const kids = new Map();
  for (const v of order) {
    const [u] = parent.get(v);
    if (!kids.has(u)) kids.set(u, []);
    kids.get(u).push(v);
  }
  const pos = [];
  let x = 0;
  for (const root of kids.get(0) ?? []) x = tidy(root, kids, pos, x, 1, -1);
  // the ground's other edges (loops at the ground, and second edges down
  // to a vertex) get feet of their own
  const feet = new Map();
  const used = new Map();
  pic.edges.forEach((e, i) => {
    if (e.u !== 0 && e.v !== 0) return;
    const v = e.u === 0 ? e.v : e.u;
    if (v === 0) {
      feet.set(i, x);
      x += 1;
      return;
    }
    const k = used.get(v) ?? 0;
    used.set(v, k + 1);
    feet.set(i, pos[v].x + (k === 0 ? 0 : (k % 2 ? 0.45 : -0.45) * Math.ceil(k / 2)));
  });
  const tree = new Set([...parent.values()].map(([, i]) => i));
  return { pos, feet, tree, slots: Math.max(x, 1), top: Math.min(-1, ...pos.filter(Boolean).map((p) => p.y)) };
}

// layoutGraph places each component side by side: a path in a row, a
// cycle on a circle, a tree from its first vertex down, anything else on
// a circle.
function layoutGraph(pic) {
  const adj = adjacency(pic);
  const n = pic.vertices.length;
  const comp = new Array(n).fill(-1);
  const comps = [];
  for (let s = 0; s < n; s++) {
    if (comp[s] >= 0) continue;
    const list = [s];
    comp[s] = comps.length;
    for (let k = 0; k < list.length; k++) for (const [w] of adj[list[k]]) if (comp[w] < 0) { comp[w] = comps.length; list.push(w); }
    comps.push(list);
  }
  const pos = [];
  let x = 0;
  let bottom = 0;
  for (const list of comps) {
    const edges = pic.edges.filter((e) => comp[e.u] === comp[list[0]]).length;
    const deg = (v) => adj[v].length;
    if (edges === list.length - 1 && list.every((v) => deg(v) <= 2)) {
      // a path: walk it from an end
      let v = list.find((w) => deg(w) <= 1);
      const walked = new Set();
      for (let k = 0; v !== undefined; k++) {
        walked.add(v);
        pos[v] = { x: x + k, y: 0 };
        v = adj[v].map(([w]) => w).find((w) => !walked.has(w));
      }
      x += list.length;
    } else if (edges === list.length - 1) {
      const kids = new Map();
      const seen = new Set([list[0]]);
      const queue = [list[0]];
      while (queue.length) {
        const u = queue.shift();
        for (const [w] of adj[u]) if (!seen.has(w)) { seen.add(w); (kids.get(u) ?? kids.set(u, []).get(u)).push(w); queue.push(w); }
      }
      x = tidy(list[0], kids, pos, x, 0, 1);
      bottom = Math.max(bottom, ...list.map((v) => pos[v].y));
    } else {
      // a cycle walked round; anything else in the order of its vertices
      // (the depth-first order the server numbers them in)
      let ring = [...list].sort((a, b) => a - b);
      if (edges === list.length && list.every((v) => deg(v) === 2)) {
        ring = [list[0]];
        for (let v = adj[list[0]][0][0]; v !== list[0]; v = adj[v].map(([w]) => w).find((w) => w !== ring[ring.length - 2] && w !== ring[ring.length - 1])) ring.push(v);
      }
      const r = Math.max(0.8, list.length / (2 * Math.PI));
      ring.forEach((v, k) => {
        const a = Math.PI / 2 + (2 * Math.PI * k) / list.length;
        pos[v] = { x: x + r + r * Math.cos(a), y: r - r * Math.sin(a) };
      });
      x += 2 * r + 1;
      bottom = Math.max(bottom, 2 * r);
    }
  }
  return { pos, slots: Math.max(x, 1), bottom };
}

// clickable makes g a button standing for part key: a click or Enter or
// Space calls onPart(key), Delete or Backspace onErase(key) (if given).
function clickable(g, key, onPart, onErase) {
  g.setAttribute('tabindex', '0');
  g.addEventListener('click', () => onPart(key));
  g.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); onPart(key); }
    if (onErase && (ev.key === 'Delete' || ev.key === 'Backspace')) { ev.preventDefault(); onErase(key); }
  });
}

// view draws pic: marks maps part keys to a class (the parts of a move
// shown); onPart(key), if given, makes edges and vertices clickable.
// edit (the picture being edited: pedit.js) makes every part clickable,
// Hackenbush's ground ("v0") and joints and a graph's edges too, with
// larger targets for a finger; selected is the key of the part picked
// (drawn as such), onErase(key) what Delete on a part does.
export function view(pic, { marks = new Map(), onPart, onErase, edit = false, selected = null, id, label = 'picture' } = {}) {
  const hb = pic.kind === 'hackenbush';
  const L = hb ? layoutHackenbush(pic) : layoutGraph(pic);
  const content = 60 + (L.slots - 1) * STEP;
  const width = Math.max(content, 260);
  const pad = 30 + (width - content) / 2;
  const X = (x) => pad + x * STEP;
  const height = hb ? (-L.top) * STEP + 54 : L.bottom * STEP + 60;
  const groundY = height - 24;
  const Y = (y) => (hb ? groundY + y * STEP : 30 + y * STEP);
  const root = svg('svg', {
    id, class: 'ppicture' + (onPart ? ' clickable' : '') + (edit ? ' editing' : ''), role: 'img', 'aria-label': label,
    viewBox: `0 0 ${width} ${height}`, style: `max-width: ${width * 1.2}px`,
  });
  if (hb && edit && onPart) {
    const g = svg('g', { class: 'pground' + (selected === 'v0' ? ' psel' : ''), 'data-part': 'v0', 'data-vertex': 0 });
    g.append(svg('line', { class: 'ground', x1: 0, x2: width, y1: groundY, y2: groundY }),
      svg('line', { class: 'hit', x1: 0, x2: width, y1: groundY, y2: groundY }), svg('title', {}, 'the ground'));
    clickable(g, 'v0', onPart, onErase);
    root.append(g);
  } else if (hb) root.append(svg('line', { class: 'ground', x1: 0, x2: width, y1: groundY, y2: groundY }));
  const at = (v, i) => (hb && v === 0 ? { x: X(L.feet.get(i)), y: groundY } : { x: X(L.pos[v].x), y: Y(L.pos[v].y) });
  const pairs = new Map(); // parallel edges curve apart
  let offTree = 0;
  pic.edges.forEach((e, i) => {
    const a = at(e.u, i);
    const b = at(e.v, i);
    let d;
    if (e.u === e.v) {
      d = `M ${a.x} ${a.y} c -22 -34, 22 -34, 0 0`;
    } else {
      const key = Math.min(e.u, e.v) + ',' + Math.max(e.u, e.v);
      const k = pairs.get(key) ?? 0;
      pairs.set(key, k + 1);
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      // an edge off the tree (one closing a cycle above the ground) bends,
      // so that it passes no vertex between its ends
      // (the k-th such edge one way, the next the other, so that two from
      // one vertex part)
      const off = hb && e.u !== 0 && e.v !== 0 && !L.tree.has(i) ? ((offTree++ % 2 ? -0.3 : 0.3) * len * (a.x <= b.x ? -1 : 1)) : 0;
      const bend = off + (k === 0 ? 0 : (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 18);
      const mx = (a.x + b.x) / 2;
      const my = (a.y + b.y) / 2;
      d = `M ${a.x} ${a.y} Q ${mx + (bend * (a.y - b.y)) / len} ${my + (bend * (b.x - a.x)) / len} ${b.x} ${b.y}`;
    }
    const key = 'e' + i;
    const g = svg('g', { class: `pedge c-${e.color ?? 'plain'} ${marks.get(key) ?? ''}`.trim(), 'data-part': key, 'data-edge': i });
    g.append(svg('path', { class: 'line', d }), svg('title', {}, hb ? `edge ${i + 1}: ${{ l: 'blue (Left)', r: 'red (Right)', e: 'green (either)' }[e.color] ?? ''}` : `edge ${e.u + 1}–${e.v + 1}`));
    if (onPart && (hb || edit)) {
      g.append(svg('path', { class: 'hit', d }));
      clickable(g, key, onPart, onErase);
    }
    root.append(g);
  });
  pic.vertices.forEach((v, i) => {
    if (hb && edit && onPart && i > 0 && L.pos[i]) {
      const key = 'v' + i;
      const cx = X(L.pos[i].x);
      const cy = Y(L.pos[i].y);
      const g = svg('g', { class: 'pjointv' + (selected === key ? ' psel' : ''), 'data-part': key, 'data-vertex': i });
      g.append(svg('circle', { class: 'hit', cx, cy, r: 15 }), svg('circle', { class: 'pjoint', cx, cy, r: 6 }), svg('title', {}, `vertex ${i}`));
      clickable(g, key, onPart, onErase);
      root.append(g);
      return;
    }
    if (hb) {
      if (i > 0 && L.pos[i]) root.append(svg('circle', { class: 'pjoint', cx: X(L.pos[i].x), cy: Y(L.pos[i].y), r: 3.5 }));
      return;
    }
    const key = 'v' + i;
    const g = svg('g', { class: `pvertex l-${{ '.': 'none', L: 'L', R: 'R', x: 'x', o: 'o' }[v.label] ?? 'none'} ${marks.get(key) ?? ''}${selected === key ? ' psel' : ''}`.trim(), 'data-part': key, 'data-vertex': i });
    const cx = X(L.pos[i].x);
    const cy = Y(L.pos[i].y);
    g.append(svg('circle', { cx, cy, r: R }), svg('title', {}, `vertex ${i + 1}: ${{ '.': 'untinted', L: 'tinted L (next to Left\'s colour)', R: 'tinted R (next to Right\'s colour)', x: 'black stone (Left)', o: 'white stone (Right)' }[v.label] ?? v.label}`));
    if (v.label === 'L' || v.label === 'R') g.append(svg('text', { x: cx, y: cy + 4, 'text-anchor': 'middle' }, v.label));
    if (onPart) clickable(g, key, onPart, onErase);
    root.append(g);
  });
  return root;
}

// refresh sets the marks of a picture drawn by view, in place.
export function refresh(el, marks) {
  for (const g of el.querySelectorAll('[data-part]')) {
    for (const c of ['pmove', 'pmaybe', 'ppicked']) g.classList.toggle(c, marks.get(g.dataset.part) === c);
  }
}

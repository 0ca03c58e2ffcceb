// Editing a picture of the partizan explorer by clicks: a Hackenbush
// picture (edges on the ground, vertex 0) or a graph of Col, Snort or
// Clobber on a graph. The page edits the picture's structure only (an
// edge added, recoloured or removed, a vertex added, relabelled or
// removed); the server writes each picture edited in the ruleset's
// syntax (/api/partizan/format, the library's formatter) and reads that
// text as it reads what one types, and every value shown is its answer.
// No rule of any game, and no notation, is here: what a move does and how
// a position is written are the server's.
//
// A picture is {kind, vertices: [{label, ground}], edges: [{u, v, color}]}
// as the server sends it (games.Picture); every function returns a new
// one and leaves its argument alone.

// copy returns a picture of its own with pic's structure.
export function copy(pic) {
  return {
    kind: pic.kind,
    vertices: pic.vertices.map((v) => ({ ...v })),
    edges: pic.edges.map((e) => ({ ...e })),
  };
}

// empty returns the picture with nothing on it: the bare ground, or the
// graph with no vertex.
export function empty(kind) {
  return { kind, vertices: kind === 'hackenbush' ? [{ ground: true }] : [], edges: [] };
}

// grounded keeps of a Hackenbush picture what reaches the ground (what a
// cut leaves standing), its vertices renumbered in order.
function grounded(pic) {
  const reach = new Set([0]);
  for (let changed = true; changed;) {
    changed = false;
    for (const e of pic.edges) {
      if (reach.has(e.u) !== reach.has(e.v)) {
        reach.add(e.u);
        reach.add(e.v);
        changed = true;
      }
    }
  }
  return keep(pic, (v) => reach.has(v), (e) => reach.has(e.u));
}

// keep returns the picture of the vertices v with keepV(v) and the edges
// e between them with keepE(e, i), the vertices renumbered in order.
function keep(pic, keepV, keepE) {
  const num = [];
  const vertices = [];
  pic.vertices.forEach((v, i) => {
    if (!keepV(i)) return;
    num[i] = vertices.length;
    vertices.push({ ...v });
  });
  const edges = pic.edges
    .filter((e, i) => num[e.u] !== undefined && num[e.v] !== undefined && keepE(e, i))
    .map((e) => ({ ...e, u: num[e.u], v: num[e.v] }));
  return { kind: pic.kind, vertices, edges };
}

// edgeBetween returns the index of an edge joining u and v, or -1.
export function edgeBetween(pic, u, v) {
  return pic.edges.findIndex((e) => (e.u === u && e.v === v) || (e.u === v && e.v === u));
}

// join adds an edge between u and v (a Hackenbush edge of colour c; a
// graph's plain edge, which must join two vertices not yet joined).
export function join(pic, u, v, c) {
  const p = copy(pic);
  p.edges.push(pic.kind === 'hackenbush' ? { u, v, color: c } : { u, v });
  return p;
}

// grow adds a vertex: in Hackenbush at the end of a new edge of colour c
// from vertex from (the ground, 0, when from is null); in a graph with
// label c, joined to from unless it is null. The new vertex is the last.
export function grow(pic, from, c) {
  const p = copy(pic);
  const w = p.vertices.length;
  if (pic.kind === 'hackenbush') {
    p.vertices.push({});
    p.edges.push({ u: from ?? 0, v: w, color: c });
  } else {
    p.vertices.push({ label: c });
    if (from !== null && from !== undefined) p.edges.push({ u: from, v: w });
  }
  return p;
}

// recolour gives edge i of a Hackenbush picture colour c.
export function recolour(pic, i, c) {
  const p = copy(pic);
  p.edges[i].color = c;
  return p;
}

// relabel gives vertex v of a graph label c.
export function relabel(pic, v, c) {
  const p = copy(pic);
  p.vertices[v].label = c;
  return p;
}

// removeEdge removes edge i (in Hackenbush with whatever then no longer
// reaches the ground).
export function removeEdge(pic, i) {
  const p = keep(pic, () => true, (e, j) => j !== i);
  return pic.kind === 'hackenbush' ? grounded(p) : p;
}

// removeVertex removes vertex v and its edges (in Hackenbush with
// whatever then no longer reaches the ground; the ground stays).
export function removeVertex(pic, v) {
  if (pic.kind === 'hackenbush') {
    if (v === 0) return copy(pic);
    return grounded(keep(pic, (w) => w !== v, () => true));
  }
  return keep(pic, (w) => w !== v, () => true);
}

// --- the editor: the switch between moving and editing, and the tools ---

// TOOLS are the tools of each kind of picture: Hackenbush's pens (a tap
// joins two vertices with an edge of the pen's colour, or recolours an
// edge) and eraser; a graph's join (a tap on two vertices joins them, or
// parts them), labels (a tap gives a vertex the label) and eraser.
const TOOLS = {
  hackenbush: [['l', 'Blue', 'blue'], ['r', 'Red', 'red'], ['e', 'Green', 'green'], ['erase', 'Erase']],
  tints: [['join', 'Join'], ['.', 'Untinted', '.'], ['L', 'Tint L', 'L'], ['R', 'Tint R', 'R'], ['erase', 'Erase']],
  stones: [['join', 'Join'], ['x', 'Black x', 'x'], ['o', 'White o', 'o'], ['erase', 'Erase']],
};

// editor builds the editing controls of the page. host says what the
// page shows and does: picture() the server's picture of the position
// shown (or null), text() the position's text, format(picture) the
// promise of the text the server writes of a picture, apply(text) sets
// the text and analyses it as typing does, refused(error) shows why the
// server wrote no text, redraw() draws the picture again (the page asks
// view() for it while editing), moving() is called when clicks go back to
// moves. The editor keeps its own copy of the picture being edited (the
// draft, numbered as it grows) until the position changes otherwise
// (reset).
//
// Each edit draws the draft at once and asks the server for its text; the
// text of the last edit (or undo) only is applied, whatever order the
// answers come in, and none once the position changed otherwise. While an
// answer is awaited the editor's element has data-pending.
export function editor(host, { h, clear, view }) {
  let kind = null; // 'hackenbush', 'tints', 'stones', or null: no picture
  let on = false; // clicks edit
  let tool = null;
  let draft = null;
  let sel = null; // the key of the vertex picked ("v3"), or null
  let undo = []; // {text, draft, sel} before each edit (text: a holder)
  // the holder of the text of the last edit or undo, {promise} of it; null
  // when the text in the box is the position's own (typed, a move)
  let cur = null;

  const moveBtn = h('button', { type: 'button', class: 'secondary small', id: 'pz-click-move', 'aria-pressed': 'true', onclick: () => setOn(false) }, 'Move');
  const editBtn = h('button', { type: 'button', class: 'secondary small', id: 'pz-click-edit', 'aria-pressed': 'false', onclick: () => setOn(true) }, 'Edit');
  const toolBox = h('div', { class: 'pztools', role: 'group', 'aria-label': 'Editing tool', id: 'pz-tools' });
  const growBtn = h('button', { type: 'button', class: 'secondary small', id: 'pz-grow', onclick: () => growHere() });
  const undoBtn = h('button', { type: 'button', class: 'secondary small', id: 'pz-undo', disabled: true, onclick: () => undoLast() }, 'Undo');
  const clearBtn = h('button', { type: 'button', class: 'secondary small', id: 'pz-edit-clear', onclick: () => commit(empty(picKind()), null) }, 'Clear');
  const hint = h('p', { class: 'more', id: 'pz-edit-hint', role: 'status' });
  const bar = h('div', { class: 'pzedit', id: 'pz-edit', hidden: true }, toolBox, h('div', { class: 'pzactions' }, growBtn, undoBtn, clearBtn), hint);
  const switchRow = h('div', { class: 'pzswitch', id: 'pz-click', role: 'group', 'aria-label': 'What a click on the picture does', hidden: true },
    h('span', { class: 'more' }, 'A click on the picture:'), moveBtn, editBtn);
  const element = h('div', { id: 'pz-editor' }, switchRow, bar);

  const picKind = () => (kind === 'hackenbush' ? 'hackenbush' : 'graph');
  const current = () => draft ?? (host.picture() ? copy(host.picture()) : null);
  const selVertex = () => (sel ? Number(sel.slice(1)) : null);
  const isPen = () => kind === 'hackenbush' && tool !== 'erase';
  const isLabel = () => kind !== 'hackenbush' && tool !== 'join' && tool !== 'erase';
  const colourName = { l: 'blue', r: 'red', e: 'green' };
  const labelName = { '.': 'untinted', L: 'tinted L', R: 'tinted R', x: 'a black stone', o: 'a white stone' };

  function vertexName(v) {
    if (kind === 'hackenbush') return v === 0 ? 'the ground' : `vertex ${v}`;
    return `vertex ${v + 1}`;
  }

  function say() {
    undoBtn.disabled = undo.length === 0;
    const v = selVertex();
    if (kind === 'hackenbush') {
      growBtn.textContent = 'Grow an edge';
      growBtn.disabled = tool === 'erase';
      growBtn.title = `a new ${colourName[tool] ?? ''} edge up from ${v === null ? 'the ground' : vertexName(v)}`;
      hint.textContent = tool === 'erase'
        ? 'Tap an edge or a vertex to remove it, with whatever then no longer reaches the ground.'
        : v === null
          ? `Tap a vertex or the ground, then another, to join them with a ${colourName[tool]} edge; Grow draws a new ${colourName[tool]} edge up from the ground; tap an edge to make it ${colourName[tool]}.`
          : `${vertexName(v)[0].toUpperCase() + vertexName(v).slice(1)} is picked: tap another vertex or the ground to join them with a ${colourName[tool]} edge, or Grow a new one up from it; tap it again to let it go.`;
      return;
    }
    const lab = isLabel() ? tool : TOOLS[kind][1][0];
    growBtn.textContent = '+ vertex';
    growBtn.disabled = false;
    growBtn.title = `a new vertex, ${labelName[lab]}${v === null ? '' : ', joined to ' + vertexName(v)}`;
    hint.textContent = tool === 'erase'
      ? 'Tap a vertex or an edge to remove it.'
      : isLabel()
        ? `Tap a vertex to make it ${labelName[tool]}; + vertex adds one${v === null ? '' : ' joined to ' + vertexName(v)}.`
        : v === null
          ? 'Tap a vertex, then another, to join them (or part them, when joined); tap an edge to remove it; + vertex adds a vertex.'
          : `${vertexName(v)[0].toUpperCase() + vertexName(v).slice(1)} is picked: tap another vertex to join them (or part them), or + vertex for a new one joined to it; tap it again to let it go.`;
  }

  function drawTools() {
    clear(toolBox, TOOLS[kind].map(([t, label, swatch]) => h('button', {
      type: 'button', class: `secondary small pztool${swatch ? ' sw-' + swatch : ''}`, 'data-tool': t, id: 'pz-tool-' + (t === '.' ? 'none' : t),
      'aria-pressed': String(t === tool), onclick: () => { tool = t; drawTools(); say(); },
    }, label)));
  }

  function press(v) {
    on = v;
    moveBtn.setAttribute('aria-pressed', String(!on));
    editBtn.setAttribute('aria-pressed', String(on));
    bar.hidden = !on;
  }

  function setOn(v) {
    if (on === v) return;
    press(v);
    draft = null;
    sel = null;
    say();
    if (on) host.redraw();
    else host.moving();
  }

  // show makes the text of holder the position when the server has
  // written it, unless another edit, an undo or a change of position
  // comes first (drop).
  function show(holder) {
    cur = holder;
    element.dataset.pending = 'true';
    const mine = (f) => (x) => {
      if (cur !== holder) return;
      delete element.dataset.pending;
      f(x);
    };
    holder.promise.then(mine(host.apply), mine(host.refused));
  }

  function drop() {
    cur = null;
    delete element.dataset.pending;
  }

  // commit makes p the picture shown, sel the vertex picked, and its text
  // (the server's) the position.
  function commit(p, newSel) {
    undo.push({ text: cur ?? { promise: Promise.resolve(host.text()) }, draft: draft && copy(draft), sel });
    draft = p;
    sel = newSel;
    say();
    host.redraw();
    show({ promise: host.format(p) });
  }

  function undoLast() {
    const u = undo.pop();
    if (!u) return;
    draft = u.draft;
    sel = u.sel;
    say();
    show(u.text);
  }

  function growHere() {
    const p = current() ?? empty(picKind());
    draft = draft ?? p;
    const from = selVertex();
    if (kind === 'hackenbush') {
      if (tool === 'erase') return;
      commit(grow(p, from, tool), 'v' + p.vertices.length);
      return;
    }
    commit(grow(p, from, isLabel() ? tool : TOOLS[kind][1][0]), 'v' + p.vertices.length);
  }

  function erase(key) {
    const p = current();
    if (!p) return;
    draft = p;
    const i = Number(key.slice(1));
    if (key[0] === 'e') commit(removeEdge(p, i), null);
    else if (kind === 'hackenbush' && i === 0) hint.textContent = 'The ground stays: tap an edge or a vertex above it.';
    else commit(removeVertex(p, i), null);
  }

  // tap answers a click on a part of the picture being edited.
  function tap(key) {
    const p = current();
    if (!p) return;
    draft = p;
    const i = Number(key.slice(1));
    if (tool === 'erase') {
      erase(key);
      return;
    }
    if (key[0] === 'e') {
      if (isPen()) {
        if (p.edges[i].color === tool) hint.textContent = `This edge is ${colourName[tool]} already.`;
        else commit(recolour(p, i, tool), sel);
      } else if (isLabel()) hint.textContent = 'Tap a vertex to label it, or choose Join or Erase to remove an edge.';
      else commit(removeEdge(p, i), null);
      return;
    }
    if (isLabel()) {
      if (p.vertices[i].label === tool) {
        sel = key;
        host.redraw();
        say();
      } else commit(relabel(p, i, tool), key);
      return;
    }
    const v = selVertex();
    if (sel === key || v === null) {
      sel = sel === key ? null : key;
      host.redraw();
      say();
      return;
    }
    if (kind === 'hackenbush') {
      commit(join(p, v, i, tool), key);
      return;
    }
    const k = edgeBetween(p, v, i);
    commit(k >= 0 ? removeEdge(p, k) : join(p, v, i), key);
  }

  return {
    element,
    get editing() { return on; },
    // drafting says whether the picture drawn is the editor's own (edited
    // or clicked since the position last changed otherwise).
    get drafting() { return on && draft !== null; },
    // ruleset shows the controls of a ruleset drawn as a picture (board
    // 'hackenbush' or 'graph'; its name says which labels), or hides them.
    ruleset(rs) {
      const k = rs?.board === 'hackenbush' ? 'hackenbush' : rs?.board === 'graph' ? (rs.name.startsWith('clobber') ? 'stones' : 'tints') : null;
      if (k !== kind) undo = [];
      drop();
      kind = k;
      switchRow.hidden = !kind;
      if (!kind) press(false);
      if (kind) {
        tool = TOOLS[kind][0][0];
        drawTools();
      }
      draft = null;
      sel = null;
      say();
    },
    // reset forgets the draft: the position changed otherwise (typed, a
    // move, an option followed).
    reset() {
      drop();
      draft = null;
      sel = null;
      if (kind) say();
    },
    // hide hides the controls while a game is played (clicks are moves).
    hide(hidden) {
      if (hidden) {
        drop();
        setOn(false);
      }
      switchRow.hidden = hidden || !kind;
    },
    // view draws the picture being edited (null when there is none).
    view(label) {
      const p = current();
      if (!p) return null;
      if (sel && Number(sel.slice(1)) >= p.vertices.length) sel = null;
      return view(p, { id: 'pz-picture', edit: true, selected: sel, onPart: tap, onErase: erase, label });
    },
  };
}

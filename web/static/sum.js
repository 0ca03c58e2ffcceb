// Sums of different games ("kayles 7 + nim 3 4 + wythoff 3 5") as the
// explorer and the play page show them: a list of components, each with
// its own game and position (added, removed and edited one by one), the
// nim-sum of their values, and a board per component. The server reads
// and writes the sum (catalog/mixed.go): the page only joins the
// components it edits with " + ", and takes the components of a position,
// and the component each move is in, from the server's answer
// (components, and each option's component and component_to).
import { api } from './api.js';
import { h, clear, nimber, debounce } from './dom.js';
import { board } from './board.js';

const infos = new Map();

// gameInfo is /api/info of a spec, asked once.
export function gameInfo(spec) {
  if (!infos.has(spec)) infos.set(spec, api('info', { game: spec }).catch((e) => { infos.delete(spec); throw e; }));
  return infos.get(spec);
}

let familiesPromise;
const families = () => (familiesPromise ??= api('games'));

// isSum says whether a game (its /api/info) is the sum of games.
export const isSum = (info) => info?.spec === 'sum';

// joinSum writes components [{spec, position}] as a sum.
export const joinSum = (rows) => rows.map((r) => `${r.spec.trim()} ${r.position.trim()}`).join(' + ');

// sumEditor is the list of a sum's components: onChange(text) runs with the
// sum written out whenever a component is added, removed or edited.
export function sumEditor({ id, onChange }) {
  let rows = [];
  const list = h('ol', { class: 'sumlist', id: id + '-components' });
  const changed = debounce(() => onChange(joinSum(rows)), 300);
  const fams = families();

  const row = (r, i) => {
    const select = h('select', { class: 'sumgame', 'aria-label': `Game of component ${i + 1}` });
    const spec = h('input', { class: 'mono sumspec', value: r.spec, spellcheck: 'false', autocomplete: 'off', 'aria-label': `Game spec of component ${i + 1}` });
    const pos = h('input', { class: 'mono sumpos', value: r.position, spellcheck: 'false', autocomplete: 'off', 'aria-label': `Position of component ${i + 1}` });
    const note = h('p', { class: 'sumnote' });
    const check = async () => {
      try {
        const info = await gameInfo(r.spec.trim());
        if (info.spec === 'sum') throw new Error('a sum cannot be a component of a sum: add its components one by one');
        clear(note, h('span', { class: 'more' }, info.name, ' — ', info.position));
      } catch (e) {
        clear(note, h('span', { class: 'error' }, e.message));
      }
    };
    fams.then((fs) => {
      clear(select, h('option', { value: '' }, 'game…'),
        fs.filter((f) => f.name !== 'sum').map((f) => h('option', { value: f.example, 'data-names': [f.name, ...(f.aliases ?? [])].join(' ') }, f.syntax)));
      const fam = r.spec.split(':')[0].trim().toLowerCase();
      select.value = [...select.options].find((o) => o.dataset.names?.split(' ').includes(fam))?.value ?? '';
    });
    select.addEventListener('change', async () => {
      if (!select.value) return;
      r.spec = select.value;
      spec.value = r.spec;
      try {
        const info = await gameInfo(r.spec);
        r.position = info.example;
        pos.value = r.position;
      } catch { /* the note says why */ }
      check();
      changed();
    });
    spec.addEventListener('input', () => { r.spec = spec.value; check(); changed(); });
    pos.addEventListener('input', () => { r.position = pos.value; changed(); });
    check();
    return h('li', { class: 'sumrow', 'data-i': String(i) },
      h('div', { class: 'sumfields' }, select, spec, pos,
        h('button', {
          class: 'secondary small sumremove', title: 'Remove this component', 'aria-label': `Remove component ${i + 1}`,
          disabled: rows.length < 2,
          onclick: () => { rows.splice(i, 1); render(); onChange(joinSum(rows)); },
        }, '✕')),
      note);
  };
  const render = () => clear(list, rows.map(row));
  const add = h('button', {
    class: 'secondary small', id: id + '-add',
    onclick: () => { rows.push({ spec: 'nim', position: '3' }); render(); onChange(joinSum(rows)); },
  }, '+ Add a component');
  const el = h('div', { class: 'sumeditor', id: id + '-sumeditor' },
    h('p', { class: 'more' }, 'Each component is a position of its own game; a move is a move in one of them, and the value of the sum is the nim-sum (XOR) of theirs.'),
    list, add);

  return {
    el,
    get text() { return joinSum(rows); },
    // set shows the components of a position (the server's components),
    // unless the user is editing one.
    set(components) {
      const next = components.map((c) => ({ spec: c.game, position: c.position }));
      if (joinSum(next) === joinSum(rows) || el.contains(document.activeElement)) return;
      rows = next;
      render();
    },
  };
}

// sumBreakdown writes the value of a sum as the nim-sum of its components',
// one line per component and the total: "2 ⊕ 7 ⊕ 3 ⊕ 0 = 6".
export function sumBreakdown(r, id) {
  const cs = r.components;
  if (!cs?.length || r.misere) return null;
  const val = (c) => c.loopy_value ?? (c.value !== undefined ? nimber(c.value) : '?');
  const num = (c) => c.loopy_value ?? (c.value !== undefined ? String(c.value) : '?');
  const total = r.loopy_value ?? (r.value !== undefined ? nimber(r.value) : '?');
  return h('div', { class: 'breakdown', id },
    h('table', {},
      h('tbody', {}, cs.map((c, i) => h('tr', {},
        h('th', {}, String(i + 1)),
        h('td', { class: 'mono' }, c.game, ' ', h('b', {}, c.position)),
        h('td', { class: 'bval' }, 'G = ', val(c))))),
      h('tfoot', {}, h('tr', {}, h('th', {}), h('td', {}, 'the sum'), h('td', { class: 'bval' }, 'G = ', total)))),
    h('p', { class: 'sum bxor', title: 'the value of a sum is the nim-sum (XOR) of its components\' values (Sprague–Grundy)' },
      'G = ', cs.map(num).join(' ⊕ '), ' = ', r.loopy_value ?? String(r.value ?? '?'),
      r.value === 0 ? ' (a P-position: every move breaks it)' : ''));
}

// componentBoards draws each component of the sum r (its components) on
// its game's board, into box: a click on a piece plays the move of the sum
// it stands for (options with their component and component_to).
export async function componentBoards(box, r, { moves = [], onMove, onNote } = {}) {
  const cs = r.components ?? [];
  const got = await Promise.all(cs.map((c) => gameInfo(c.game).catch(() => null)));
  clear(box, cs.map((c, i) => {
    const mine = moves.filter((m) => m.component === i + 1)
      .map((m) => ({ ...m, to: m.component_to, sumTo: m.to }));
    const b = board(got[i], c.position, onMove ? { moves: mine, onMove: (m) => onMove({ ...m, to: m.sumTo }), onNote } : {});
    return h('div', { class: 'sumboard', 'data-component': String(i + 1) },
      h('div', { class: 'boardhead' }, h('span', { class: 'label' }, `${i + 1}. ${got[i]?.name ?? c.game}`), h('code', { class: 'position' }, c.position)),
      b ?? h('p', { class: 'more' }, 'no board for this game: its moves are listed below'));
  }));
}

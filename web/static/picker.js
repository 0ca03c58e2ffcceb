// gamePicker is the game chooser shared by the pages: a list of the catalog
// families (from /api/games) and a spec field for any spec string, checked
// by /api/info. onChange(info) runs whenever the spec names a valid game.
import { api } from './api.js';
import { h, clear, debounce } from './dom.js';

let familiesPromise;

// shorten cuts a long game name ("subtraction game {2, 3, …, 300}") for display.
export function shorten(name, max = 60) {
  return name.length <= max ? name : name.slice(0, max - 1) + '…';
}
function families() {
  familiesPromise ??= api('games');
  return familiesPromise;
}

// heapOnly accepts only games with a sequence (heap) or a value table
// (table); onInvalid() runs when the spec names no game it accepts.
export function gamePicker({ id, heapOnly = false, onChange, onInvalid }) {
  const select = h('select', { id: id + '-family', 'aria-label': 'Catalog game' });
  const spec = h('input', { id: id + '-spec', class: 'mono', spellcheck: 'false', autocomplete: 'off', 'aria-label': 'Game spec' });
  const about = h('div', { class: 'about' });
  let info = null;
  let seq = 0;

  const check = async () => {
    const mine = ++seq;
    const text = spec.value.trim();
    if (!text) {
      info = null;
      clear(about, h('p', { class: 'error' }, 'Type a game spec, such as nim or subtract:1,3,4.'));
      return;
    }
    try {
      const got = await api('info', { game: text });
      if (mine !== seq) return;
      if (heapOnly && !got.heap && !got.table) throw new Error(`${got.spec} is not a heap game: the sequence view lists G(n) for games on heaps or rows, and the value table of two-heap games such as wythoff`);
      info = got;
      clear(about,
        h('p', { class: 'gamename' }, shorten(got.name), ' ', h('code', {}, got.spec)),
        h('p', { class: 'rule' }, got.rule),
        heapOnly ? null : h('p', { class: 'syntax' }, h('b', {}, 'Position: '), got.position, '. Example: ', h('code', {}, got.example)));
      // Show the family of the spec in the list (subtract:2,5,7 → subtract:S).
      const fam = text.split(':')[0].trim().toLowerCase();
      select.value = [...select.options].find((o) => o.dataset.names?.split(' ').includes(fam))?.value ?? '';
      onChange?.(got);
    } catch (e) {
      if (mine !== seq) return;
      info = null;
      clear(about, h('p', { class: 'error', role: 'alert' }, e.message));
      onInvalid?.();
    }
  };
  const later = debounce(check, 250);
  spec.addEventListener('input', later);
  select.addEventListener('change', () => {
    spec.value = select.value;
    check();
  });

  const ready = families().then((fams) => {
    clear(select, h('option', { value: '', disabled: true }, 'Choose a catalog game…'),
      fams.map((f) => h('option', { value: f.example, title: f.rule, 'data-names': [f.name, ...(f.aliases ?? [])].join(' ') },
        `${f.syntax}${f.aliases?.length ? ' (' + f.aliases.join(', ') + ')' : ''} — ${f.rule}`)));
    select.value = '';
  }).catch((e) => clear(about, h('p', { class: 'error' }, 'Could not load the catalog: ' + e.message)));

  const el = h('div', { class: 'picker' },
    h('label', { class: 'field' }, h('span', {}, 'Catalog'), select),
    h('label', { class: 'field' }, h('span', {}, 'Game spec'), spec),
    about);

  return {
    el,
    get info() { return info; },
    // set shows spec and checks it; it resolves when the check is done.
    async set(text) {
      await ready;
      spec.value = text;
      await check();
    },
  };
}

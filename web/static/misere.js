// The misère view: the misère canonical form and genus of a position
// (/api/misere/form) and the misère quotient of a heap game
// (/api/misere/quotient): its presentation, pretending function and
// multiplication table, the P-portion highlighted. Every value shown comes
// from the server; the page computes nothing.
import { api, apiURL } from './api.js';
import { h, clear } from './dom.js';
import { gamePicker } from './picker.js';

const MAX_TABLE = 64; // largest table drawn as a grid

export default {
  id: 'misere',
  title: 'Misère',
  mount(section) {
    const position = h('input', { id: 'mis-position', class: 'mono', spellcheck: 'false', value: '5', 'aria-label': 'Position' });
    const heaps = h('input', { id: 'mis-heaps', type: 'number', min: '0', max: '1000', value: '20', 'aria-label': 'Largest heap' });
    const formGo = h('button', { id: 'mis-form-go', onclick: () => form() }, 'Form & genus');
    const quotGo = h('button', { id: 'mis-quotient-go', onclick: () => quotient() }, 'Quotient');
    const formOut = h('div', { id: 'mis-form-out' });
    const quotOut = h('div', { id: 'mis-quotient-out' });
    const tableOut = h('div', { id: 'mis-table-wrap', class: 'tablewrap' });
    const download = h('a', { id: 'mis-download', class: 'download', hidden: true }, 'Download JSON');
    const picker = gamePicker({ id: 'mis' });
    const busy = new Map(); // button → the AbortController of its request

    // run runs one request for a button: a new click cancels the previous
    // request of the same button (the server's search stops with it).
    async function run(button, out, f) {
      busy.get(button)?.abort();
      const ctl = new AbortController();
      busy.set(button, ctl);
      button.disabled = true;
      section.classList.add('computing');
      clear(out, h('p', { class: 'summary' }, 'computing…'));
      try {
        await f(ctl.signal);
      } catch (e) {
        if (e.name !== 'AbortError') clear(out, h('p', { class: 'error', role: 'alert' }, e.message));
      } finally {
        if (busy.get(button) === ctl) {
          busy.delete(button);
          button.disabled = false;
        }
        if (busy.size === 0) section.classList.remove('computing');
      }
    }

    function form() {
      const info = picker.info;
      if (!info) return;
      return run(formGo, formOut, async (signal) => {
        const r = await api('misere/form', { game: info.spec, position: position.value }, { signal });
        clear(formOut, h('dl', { class: 'facts' },
          h('dt', {}, 'Position'), h('dd', { class: 'mono' }, r.position),
          h('dt', {}, 'Misère canonical form'), h('dd', { id: 'mis-form', class: 'mono' }, r.form),
          h('dt', {}, 'Genus'), h('dd', { id: 'mis-genus', class: 'mono' }, r.genus + (r.tame ? ' (tame)' : '')),
          h('dt', {}, 'Misère outcome'), h('dd', { id: 'mis-outcome' }, `${r.outcome}-position`,
            ` (G⁻ = ${r.misere_value}, G⁺ = ${r.normal_value}, birthday ${r.birthday})`)));
      });
    }

    function quotient() {
      const info = picker.info;
      if (!info) return;
      const N = Number(heaps.value);
      if (!Number.isInteger(N) || N < 0) {
        clear(quotOut, h('p', { class: 'error' }, 'The largest heap must be a whole number ≥ 0.'));
        return;
      }
      return run(quotGo, quotOut, async (signal) => {
        const params = { game: info.spec, heaps: N };
        const q = await api('misere/quotient', params, { signal });
        showQuotient(q);
        download.hidden = false;
        download.href = apiURL('misere/quotient', params);
        download.setAttribute('download', `quotient_${q.game.replace(/[^a-z0-9]+/gi, '_')}_${N}.json`);
      });
    }

    function showQuotient(q) {
      const status = q.status === 'proved'
        ? h('span', { class: 'pverdict proved', title: q.period.criterion }, 'PROVED for every heap')
        : h('span', { class: 'pverdict observed', title: q.period.criterion }, `computed for heaps 0..${q.heaps}`);
      clear(quotOut,
        h('p', { id: 'mis-summary', class: 'summary' }, h('b', {}, q.game), ` · ${q.size} elements · P-portion ${q.p_size} · `, status),
        h('dl', { class: 'facts' },
          h('dt', {}, 'Generators'), h('dd', { class: 'mono' }, q.generators.map((g) => `${g.name} = heap ${g.heap}`).join(', ') || 'none'),
          h('dt', {}, 'Relations'), h('dd', { id: 'mis-relations', class: 'mono' }, q.relations.join(', ') || 'none'),
          h('dt', {}, 'P-portion'), h('dd', { id: 'mis-pportion', class: 'mono' }, '{' + q.p_portion.join(', ') + '}'),
          h('dt', {}, 'Pretending Φ(0..' + q.heaps + ')'), h('dd', { id: 'mis-pretending', class: 'mono' }, q.pretending.join(' ')),
          h('dt', {}, 'Period'), h('dd', {}, q.period.status === 'none' ? q.period.criterion : `${q.period.period} from heap ${q.period.preperiod} (${q.period.status}): ${q.period.criterion}`)));
      renderTable(q);
    }

    function renderTable(q) {
      if (!q.table || q.size > MAX_TABLE) {
        clear(tableOut, h('p', { class: 'more' }, `The table of ${q.size} elements is not drawn (at most ${MAX_TABLE}); download the JSON.`));
        return;
      }
      const isP = new Set(q.p_portion);
      const name = (i) => q.elements[i];
      const head = (i) => h('th', { class: isP.has(name(i)) ? 'pel' : undefined, title: isP.has(name(i)) ? 'in the P-portion' : undefined }, name(i));
      clear(tableOut,
        h('table', { id: 'mis-table', class: 'seqtable mistable' },
          h('thead', {}, h('tr', {}, h('th', {}, '·'), q.elements.map((_, i) => head(i)))),
          h('tbody', {}, q.table.map((row, i) => h('tr', {}, head(i),
            row.map((x, j) => h('td', {
              class: isP.has(name(x)) ? 'zero' : undefined,
              title: `${name(i)} · ${name(j)} = ${name(x)}${isP.has(name(x)) ? ' (P)' : ''}`,
            }, name(x))))))),
        h('p', { class: 'more' }, 'Highlighted: products in the P-portion. A sum of heaps is a misère P-position exactly when the product of the images of its heaps is.'));
    }

    for (const el of [position, heaps]) el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') (el === position ? form : quotient)();
    });

    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'Misère play'),
        h('p', {}, 'Whoever makes the last move loses. The canonical form and genus of a position (Conway), and the misère quotient of a heap game (Plambeck–Siegel): a finite monoid in which a sum of heaps is a P-position exactly when its product lands in the P-portion.')),
      h('div', { class: 'grid seq' },
        h('div', { class: 'card' }, h('h2', {}, 'Game'), picker.el,
          h('div', { class: 'row' },
            h('label', { class: 'field' }, h('span', {}, 'Position'), position), formGo),
          h('div', { class: 'row' },
            h('label', { class: 'field small' }, h('span', {}, 'Heaps up to'), heaps), quotGo),
          formOut),
        h('div', { class: 'card' }, h('div', { class: 'cardhead' }, h('h2', {}, 'Quotient'), download), quotOut)),
      h('div', { class: 'card' }, h('h2', {}, 'Multiplication table'), tableOut));

    return {
      async show(params) {
        if (params.position) position.value = params.position;
        if (params.heaps) heaps.value = params.heaps;
        if (params.game || !picker.info) {
          await picker.set(params.game ?? 'octal:0.75');
          if (!picker.info) return;
          const jobs = [];
          if (params.position || !params.game) jobs.push(form());
          if (picker.info.heap) jobs.push(quotient());
          await Promise.all(jobs);
        }
      },
    };
  },
};

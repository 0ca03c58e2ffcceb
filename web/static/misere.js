// The misère view: the misère canonical form and genus of a position
// (/api/misere/form), the misère quotient of a heap game
// (/api/misere/quotient): its presentation, pretending function and
// multiplication table, the P-portion highlighted, with the presentation
// and the whole table to download (/api/misere/table); and a sum of heaps
// answered by the quotient (/api/misere/solve). Every value shown comes
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
    const heaps = h('input', { id: 'mis-heaps', type: 'number', min: '0', max: '1000', value: '', placeholder: 'until proved', 'aria-label': 'Largest heap (empty: until proved)' });
    const sum = h('input', { id: 'mis-sum', class: 'mono', spellcheck: 'false', value: '1000000 999999 123456', 'aria-label': 'Sum of heaps' });
    const solveGo = h('button', { id: 'mis-solve-go', onclick: () => solve() }, 'Solve by the quotient');
    const solveOut = h('div', { id: 'mis-solve-out' });
    const formGo = h('button', { id: 'mis-form-go', onclick: () => form() }, 'Form & genus');
    const quotGo = h('button', { id: 'mis-quotient-go', onclick: () => quotient() }, 'Quotient');
    const formOut = h('div', { id: 'mis-form-out' });
    const quotOut = h('div', { id: 'mis-quotient-out' });
    const tableOut = h('div', { id: 'mis-table-wrap', class: 'tablewrap' });
    const download = h('a', { id: 'mis-download', class: 'download', hidden: true }, 'Download presentation (JSON)');
    const downloadTable = h('a', { id: 'mis-download-table', class: 'download', hidden: true }, 'Download table (JSON)');
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
      const text = heaps.value.trim();
      const N = Number(text);
      if (text !== '' && (!Number.isInteger(N) || N < 0)) {
        clear(quotOut, h('p', { class: 'error' }, 'The largest heap must be a whole number ≥ 0, or empty to add heaps until the quotient is proved.'));
        return;
      }
      return run(quotGo, quotOut, async (signal) => {
        const params = { game: info.spec };
        if (text !== '') params.heaps = N;
        const q = await api('misere/quotient', params, { signal });
        showQuotient(q);
        const name = `${q.game.replace(/[^a-z0-9]+/gi, '_')}_${q.heaps}`;
        download.hidden = false;
        download.href = apiURL('misere/quotient', params);
        download.setAttribute('download', `quotient_${name}.json`);
        downloadTable.hidden = false;
        downloadTable.href = apiURL('misere/table', params);
        downloadTable.setAttribute('download', `quotient_table_${name}.json`);
      });
    }

    function solve() {
      const info = picker.info;
      if (!info) return;
      return run(solveGo, solveOut, async (signal) => {
        const r = await api('misere/solve', { game: info.spec, position: sum.value }, { signal });
        const move = r.move
          ? `heap #${r.move.index + 1} (${r.move.heap}) → ${r.move.to.length ? r.move.to.join(' + ') : 'nothing'}`
          : 'none: every move loses';
        const by = r.quotient.status === 'proved'
          ? `proved for every heap at heap ${r.quotient.computed}`
          : `computed for heaps 0..${r.quotient.heaps}`;
        clear(solveOut, h('dl', { class: 'facts' },
          h('dt', {}, 'Image'), h('dd', { id: 'mis-solve-image', class: 'mono' }, r.image),
          h('dt', {}, 'Misère outcome'), h('dd', { id: 'mis-solve-outcome' }, `${r.outcome}-position`),
          h('dt', {}, 'Winning move'), h('dd', { id: 'mis-solve-move', class: 'mono' }, move),
          h('dt', {}, 'Answered by'), h('dd', {}, `the quotient of ${r.quotient.size} elements, ${by} (a sum of ${r.heaps} heaps)`)));
      });
    }

    // periodText says what is known of Φ's period in the page's words.
    function periodText(p, status) {
      if (p.status === 'none') return p.criterion;
      let t = `${p.period} from heap ${p.preperiod} (${p.status}): ${p.criterion}`;
      if (p.status === 'observed' && p.need && status !== 'stopped') {
        t += ` — leave “Heaps up to” empty to add heaps until the proof holds`;
      }
      return t;
    }

    function showQuotient(q) {
      let status;
      if (q.status === 'proved') {
        status = h('span', { class: 'pverdict proved', title: q.period.criterion }, `PROVED for every heap (at heap ${q.computed})`);
      } else if (q.status === 'stopped') {
        status = h('span', { class: 'pverdict observed', title: q.stop.reason }, `stopped at heap ${q.stop.heap}: exact for heaps 0..${q.heaps}`);
      } else {
        status = h('span', { class: 'pverdict observed', title: q.period.criterion }, `computed for heaps 0..${q.heaps}`);
      }
      const facts = [
        h('dt', {}, 'Generators'), h('dd', { class: 'mono list' }, q.generators.map((g) => `${g.name} = heap ${g.heap}`).join(', ') || 'none'),
        h('dt', {}, 'Relations'), h('dd', { id: 'mis-relations', class: 'mono list' }, q.relations.join(', ') || 'none'),
        h('dt', {}, 'P-portion'), h('dd', { id: 'mis-pportion', class: 'mono list' }, '{' + q.p_portion.join(', ') + '}'),
        h('dt', {}, 'Pretending Φ(0..' + q.heaps + ')'), h('dd', { id: 'mis-pretending', class: 'mono list' }, q.pretending.join(' ')),
        h('dt', {}, 'Period'), h('dd', {}, periodText(q.period, q.status)),
      ];
      if (q.stop) {
        const cand = q.stop.candidate ? `; a candidate of ${q.stop.candidate} elements for heap ${q.stop.heap}` : '';
        facts.push(h('dt', {}, 'Stopped'), h('dd', { id: 'mis-stop' },
          `at heap ${q.stop.heap} (the quotient of the heaps 0..${q.heaps} has ${q.stop.size} elements${cand}): ${q.stop.reason}. The server's limits per computation stopped it; the command line runs further with more memory (and resumes from a checkpoint).`));
      }
      clear(quotOut,
        h('p', { id: 'mis-summary', class: 'summary' }, h('b', {}, q.game), ` · ${q.size} elements · P-portion ${q.p_size} · `, status),
        h('dl', { class: 'facts' }, facts));
      renderTable(q);
    }

    function renderTable(q) {
      if (!q.table || q.size > MAX_TABLE) {
        clear(tableOut, h('p', { class: 'more' }, `The table of ${q.size} elements is not drawn here (at most ${MAX_TABLE}): “Download table” has all ${q.size}×${q.size} products.`));
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

    for (const [el, f] of [[position, form], [heaps, quotient], [sum, solve]]) el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') f();
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
          formOut,
          h('div', { class: 'row' },
            h('label', { class: 'field' }, h('span', {}, 'Sum of heaps'), sum), solveGo),
          solveOut),
        h('div', { class: 'card wide' }, h('div', { class: 'cardhead' }, h('h2', {}, 'Quotient'), download), quotOut)),
      h('div', { class: 'card wide' }, h('div', { class: 'cardhead' }, h('h2', {}, 'Multiplication table'), downloadTable), tableOut));

    return {
      async show(params) {
        if (params.position) position.value = params.position;
        if (params.heaps) heaps.value = params.heaps;
        else if (params.game) heaps.value = ''; // a game without heaps: until proved
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

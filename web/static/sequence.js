// The sequence view: the nim-sequence G(start..N) of a heap game as a table
// and a plot. Long sequences are fetched from /api/values in growing pieces
// (1000, 4000, 16000, … values), so the page shows the values computed so
// far; Cancel aborts the request in flight, which cancels the server's search.
import { api, apiURL } from './api.js';
import { h, clear } from './dom.js';
import { gamePicker, shorten } from './picker.js';
import { plotSequence } from './plot.js';

const FIRST = 1000; // values in the first request
const GROWTH = 4; // each request asks for this many times more
const MAX_ROWS = 250; // table rows shown

export default {
  id: 'sequence',
  title: 'Sequences',
  mount(section) {
    const to = h('input', { id: 'seq-to', type: 'number', min: '0', value: '100', 'aria-label': 'Last n' });
    const width = h('input', { id: 'seq-width', type: 'number', min: '1', max: '60', value: '12', 'aria-label': 'Row length' });
    const go = h('button', { id: 'seq-go', onclick: () => compute() }, 'Compute');
    const cancel = h('button', { id: 'seq-cancel', class: 'danger', hidden: true, onclick: () => controller?.abort() }, 'Cancel');
    const bar = h('div', { class: 'bar' }, h('div', { class: 'fill' }));
    const progressText = h('span', { id: 'seq-progress-text' });
    const progress = h('div', { id: 'seq-progress', class: 'progress', hidden: true }, bar, progressText);
    const message = h('div', { id: 'seq-message' });
    const summary = h('p', { id: 'seq-summary', class: 'summary' });
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.id = 'seq-plot';
    svg.classList.add('plot');
    const table = h('div', { id: 'seq-table', class: 'tablewrap' });
    const download = h('a', { id: 'seq-download', class: 'download', hidden: true }, 'Download JSON');
    let controller = null;
    let last = null;
    let period = null; // the period of last, when the server found one

    const picker = gamePicker({ id: 'seq', heapOnly: true });

    async function compute() {
      const info = picker.info;
      if (!info) return;
      const N = Number(to.value);
      if (!Number.isInteger(N) || N < info.start) {
        clear(message, h('p', { class: 'error' }, `Last n must be a whole number ≥ ${info.start}.`));
        return;
      }
      controller?.abort();
      const ctl = new AbortController();
      controller = ctl;
      const total = N - info.start + 1;
      const t0 = performance.now();
      clear(message);
      progress.hidden = false;
      cancel.hidden = false;
      go.disabled = true;
      section.classList.add('computing');
      try {
        for (let count = Math.min(FIRST, total); ; count = Math.min(count * GROWTH, total)) {
          const upto = info.start + count - 1;
          const done = last && last.game === info.spec ? Math.min(last.values.length, count) : 0;
          bar.firstChild.style.width = `${(100 * done) / total}%`;
          bar.classList.add('running');
          progressText.textContent = `computing G(${info.start}..${upto}) of ${total.toLocaleString()} values…`;
          const seq = await api('values', { game: info.spec, to: upto }, { signal: ctl.signal });
          show(seq, info);
          bar.firstChild.style.width = `${(100 * count) / total}%`;
          if (count === total) break;
        }
        const secs = ((performance.now() - t0) / 1000).toFixed(2);
        progressText.textContent = `done: ${total.toLocaleString()} values in ${secs} s`;
        await markPeriod(info, N, ctl.signal);
      } catch (e) {
        if (e.name === 'AbortError') {
          clear(message, h('p', { class: 'warn', role: 'status' }, `Canceled. ${last ? `Showing G(${last.start}..${last.start + last.values.length - 1}), computed before.` : ''}`));
          progressText.textContent = 'canceled';
        } else {
          clear(message, h('p', { class: 'error', role: 'alert' }, e.message));
          progressText.textContent = 'stopped';
        }
      } finally {
        if (controller === ctl) {
          controller = null;
          cancel.hidden = true;
          go.disabled = false;
          bar.classList.remove('running');
          section.classList.remove('computing');
        }
      }
    }

    // markPeriod asks the server for the period of the sequence (games with
    // a period search only: the others answer 400, and nothing is marked)
    // and marks it on the plot, with its verdict in the summary.
    async function markPeriod(info, N, signal) {
      let p;
      try {
        p = await api('period', { game: info.spec, to: N }, { signal });
      } catch (e) {
        if (e.name === 'AbortError') throw e;
        return;
      }
      if (!last || last.game !== info.spec) return;
      period = p.status === 'none' ? null : p;
      plotSequence(svg, last, { period });
      const verdict = p.status === 'proved'
        ? h('span', { class: 'pverdict proved', title: p.criterion }, `period ${p.period} from n = ${p.preperiod}, PROVED`)
        : p.status === 'observed'
          ? h('span', { class: 'pverdict observed', title: p.criterion }, `period ${p.period} from n = ${p.preperiod}, OBSERVED up to n = ${p.computed_to} (not proved)`)
          : h('span', { class: 'pverdict none', title: p.criterion }, `no period seen up to n = ${p.computed_to}`);
      summary.append(' · ', verdict);
    }

    function show(seq, info) {
      last = seq;
      period = null;
      const vals = seq.values;
      const end = seq.start + vals.length - 1;
      let zeros = 0;
      let vmax = 0;
      for (const v of vals) {
        if (v === 0) zeros++;
        if (v > vmax) vmax = v;
      }
      clear(summary, h('b', {}, shorten(info.name)), ` · G(${seq.start}..${end}) · largest value ${vmax} · ${zeros.toLocaleString()} P-positions (G = 0)`);
      plotSequence(svg, seq);
      download.hidden = false;
      download.href = apiURL('values', { game: seq.game, to: end });
      download.setAttribute('download', `${seq.game.replace(/[^a-z0-9]+/gi, '_')}_${end}.json`);
      renderTable();
    }

    function renderTable() {
      if (!last) return;
      const w = Math.min(60, Math.max(1, Number(width.value) || 12));
      const vals = last.values;
      const rows = Math.min(Math.ceil(vals.length / w), MAX_ROWS);
      const body = [];
      for (let r = 0; r < rows; r++) {
        const cells = [];
        for (let c = 0; c < w; c++) {
          const i = r * w + c;
          const v = vals[i];
          cells.push(i < vals.length
            ? h('td', { class: 'v' + Math.min(v, 16) + (v === 0 ? ' zero' : ''), title: `G(${last.start + i}) = ${v}` }, String(v))
            : h('td'));
        }
        body.push(h('tr', {}, h('th', {}, String(last.start + r * w)), cells));
      }
      const shown = rows * w;
      clear(table,
        h('table', { class: 'seqtable' },
          h('thead', {}, h('tr', {}, h('th', {}, 'n'), Array.from({ length: w }, (_, c) => h('th', {}, '+' + c)))),
          h('tbody', {}, body)),
        shown < vals.length ? h('p', { class: 'more' }, `Showing the first ${shown.toLocaleString()} of ${vals.length.toLocaleString()} values; download the JSON for all.`) : null);
    }

    width.addEventListener('change', renderTable);
    let resized;
    window.addEventListener('resize', () => {
      clearTimeout(resized);
      resized = setTimeout(() => { if (last && !section.hidden) plotSequence(svg, last, { period }); }, 150);
    });
    to.addEventListener('keydown', (e) => { if (e.key === 'Enter') compute(); });

    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'Nim-sequences'),
        h('p', {}, 'G(n) for single heaps of a heap game, as a plot and a table. Long runs show their progress and can be canceled.')),
      h('div', { class: 'grid seq' },
        h('div', { class: 'card' }, h('h2', {}, 'Game'), picker.el,
          h('div', { class: 'row' },
            h('label', { class: 'field small' }, h('span', {}, 'Up to n ='), to),
            h('label', { class: 'field small' }, h('span', {}, 'Row length'), width)),
          h('div', { class: 'row' }, go, cancel),
          progress, message),
        h('div', { class: 'card' }, h('h2', {}, 'Plot'), summary, svg)),
      h('div', { class: 'card' }, h('div', { class: 'cardhead' }, h('h2', {}, 'Table'), download), table));

    return {
      async show(params) {
        if (last) plotSequence(svg, last, { period }); // drawn while hidden: redraw at the real width
        if (params.to) to.value = params.to;
        if (params.game) {
          await picker.set(params.game);
          if (picker.info) compute();
        } else if (!picker.info) {
          await picker.set('subtract:1,3,4');
          compute();
        }
      },
    };
  },
};

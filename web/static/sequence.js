// The sequence view: the nim-sequence G(start..N) of a heap game as a table
// and a plot, or the value table of a two-heap game (Wythoff) as a heat
// map. Long sequences are fetched from /api/values in growing pieces
// (1000, 4000, 16000, … values), so the page shows the values computed so
// far; Cancel aborts the request in flight, which cancels the server's
// search. An n over the server's limit (/api/limits) is refused before
// the first request. The values export as JSON, CSV and an OEIS b-file,
// and the game's OEIS entry (catalog.Info) is linked.
import { api, apiURL, ApiError } from './api.js';
import { h, clear, debounce } from './dom.js';
import { gamePicker, shorten } from './picker.js';
import { plotSequence } from './plot.js';
import { csvOfSequence, bfileOf, csvOfTable, download, plotDownloads } from './export.js';

const FIRST = 1000; // values in the first request
const GROWTH = 4; // each request asks for this many times more
const MAX_ROWS = 250; // table rows shown
const TABLE_SHOWN = 24; // rows and columns of a value table shown as numbers

let limitsPromise;
const limits = () => (limitsPromise ??= api('limits').catch(() => ({})));

export default {
  id: 'sequence',
  title: 'Sequences',
  mount(section) {
    const to = h('input', { id: 'seq-to', type: 'number', min: '0', value: '100', 'aria-label': 'Last n' });
    const size = h('input', { id: 'seq-size', type: 'number', min: '1', max: '256', value: '48', 'aria-label': 'Table size' });
    const width = h('input', { id: 'seq-width', type: 'number', min: '1', max: '60', value: '12', 'aria-label': 'Row length' });
    const toField = h('label', { class: 'field small' }, h('span', {}, 'Up to n ='), to);
    const widthField = h('label', { class: 'field small' }, h('span', {}, 'Row length'), width);
    const sizeField = h('label', { class: 'field small', hidden: true }, h('span', {}, 'Table size N ='), size);
    const go = h('button', { id: 'seq-go', onclick: () => compute() }, 'Compute');
    const cancel = h('button', { id: 'seq-cancel', class: 'danger', hidden: true, onclick: () => controller?.abort() }, 'Cancel');
    const bar = h('div', { class: 'bar' }, h('div', { class: 'fill' }));
    const progressText = h('span', { id: 'seq-progress-text' });
    const progress = h('div', { id: 'seq-progress', class: 'progress', hidden: true }, bar, progressText);
    const message = h('div', { id: 'seq-message' });
    const summary = h('p', { id: 'seq-summary', class: 'summary' });
    const oeis = h('p', { id: 'seq-oeis', class: 'more' });
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.id = 'seq-plot';
    svg.classList.add('plot');
    const heat = h('canvas', { id: 'seq-heat', class: 'heat', hidden: true, role: 'img' });
    const heatNote = h('p', { id: 'seq-heat-note', class: 'more', hidden: true });
    const table = h('div', { id: 'seq-table', class: 'tablewrap' });
    const dlJSON = h('a', { id: 'seq-download', class: 'download', hidden: true }, 'JSON');
    const dlCSV = h('a', { id: 'seq-csv', class: 'download', hidden: true }, 'CSV');
    const dlB = h('a', { id: 'seq-bfile', class: 'download', hidden: true, title: 'the OEIS b-file format: "n a(n)" per line' }, 'b-file');
    // The plot shown (the sequence's, or the heat map of a table) as SVG
    // and PNG files, redone whenever it is drawn.
    const plotDl = plotDownloads({
      id: 'seq-plot-dl',
      name: () => `${(last?.game ?? lastTable?.game ?? 'plot').replace(/[^a-z0-9]+/gi, '_')}_${lastTable ? 'heat_' + lastTable.size : 'plot'}`,
      source: () => (lastTable && !heat.hidden ? heat : last && svg.childElementCount ? svg : null),
    });
    const plotDlSoon = debounce(() => plotDl.refresh(), 250);
    new MutationObserver(plotDlSoon).observe(svg, { childList: true });
    let controller = null;
    let last = null; // the sequence shown
    let lastTable = null; // the value table shown
    let period = null; // the period of last, when the server found one
    let shownSpec = null; // the game whose results are shown

    const picker = gamePicker({
      id: 'seq',
      heapOnly: true,
      onChange: (info) => {
        kind(info);
        if (info.spec !== shownSpec) reset();
        describe(info);
      },
      onInvalid: () => reset(),
    });

    // kind shows the inputs of the game's kind: n for a sequence, N for a
    // table.
    function kind(info) {
      toField.hidden = !!info.table;
      widthField.hidden = !!info.table;
      sizeField.hidden = !info.table;
    }

    // reset clears the results of another game: the page never shows one
    // game's values under another's name.
    // idle ends a run: no request in flight, Compute enabled.
    function idle() {
      controller = null;
      cancel.hidden = true;
      go.disabled = false;
      bar.classList.remove('running');
      section.classList.remove('computing');
    }

    function reset() {
      if (controller) {
        const c = controller;
        idle();
        c.abort();
      }
      last = null;
      lastTable = null;
      period = null;
      shownSpec = null;
      clear(summary);
      clear(message);
      clear(table);
      svg.replaceChildren();
      svg.removeAttribute('hidden');
      heat.hidden = true;
      heatNote.hidden = true;
      progress.hidden = true;
      for (const a of [dlJSON, dlCSV, dlB]) a.hidden = true;
    }

    // describe links the game's OEIS entry.
    function describe(info) {
      clear(oeis, info.oeis
        ? ['OEIS: ', h('a', { href: `https://oeis.org/${info.oeis}`, target: '_blank', rel: 'noopener', id: 'seq-oeis-link' }, info.oeis),
          info.table ? ' (the table read by antidiagonals)' : info.oeis_shift ? ` (G(n) = a(n ${info.oeis_shift > 0 ? '−' : '+'} ${Math.abs(info.oeis_shift)}))` : '',
          ' — the published values, which the catalog is tested against.']
        : info.oeis_search
          ? ['OEIS: no entry known to the catalog; ', h('a', { href: info.oeis_search, target: '_blank', rel: 'noopener', id: 'seq-oeis-search' }, 'search the OEIS for the first values'), '.']
          : []);
    }

    async function compute() {
      const info = picker.info;
      if (!info) return;
      if (info.table) return computeTable(info);
      const N = Number(to.value);
      if (!Number.isInteger(N) || N < info.start) {
        clear(message, h('p', { class: 'error' }, `Last n must be a whole number ≥ ${info.start}.`));
        return;
      }
      const lim = await limits();
      if (lim.max_to && N > lim.max_to) {
        clear(message, h('p', { class: 'error', role: 'alert', id: 'seq-limit' },
          `n = ${N.toLocaleString()} is more than this server computes: at most n = ${lim.max_to.toLocaleString()}. `,
          'The command line (grundy values) has no such limit.'));
        return;
      }
      if (info.spec !== shownSpec) reset();
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
      // While it runs the line says how many values have come and at what
      // rate, updated every half second (a long run's count and rate, as
      // grundy values prints them).
      let working = '';
      let have = 0;
      const tell = () => {
        const secs = (performance.now() - t0) / 1000;
        const rate = secs > 0 && have > 0 ? `, ${Math.round(have / secs).toLocaleString()} values/s` : '';
        progressText.textContent = `${working} ${have.toLocaleString()} done in ${secs.toFixed(1)} s${rate}`;
      };
      const ticker = setInterval(() => { if (controller === ctl) tell(); }, 500);
      try {
        for (let count = Math.min(FIRST, total); ; count = Math.min(count * GROWTH, total)) {
          const upto = info.start + count - 1;
          const done = last && last.game === info.spec ? Math.min(last.values.length, count) : 0;
          bar.firstChild.style.width = `${(100 * done) / total}%`;
          bar.classList.add('running');
          working = `computing G(${info.start}..${upto}) of ${total.toLocaleString()} values…`;
          tell();
          const seq = await api('values', { game: info.spec, to: upto }, { signal: ctl.signal });
          if (controller !== ctl) return;
          show(seq, info);
          have = seq.values.length;
          bar.firstChild.style.width = `${(100 * count) / total}%`;
          if (count === total) break;
        }
        clearInterval(ticker);
        const secs = (performance.now() - t0) / 1000;
        progressText.textContent = `done: ${total.toLocaleString()} values in ${secs.toFixed(2)} s (${Math.round(total / Math.max(secs, 1e-3)).toLocaleString()} values/s)`;
        await markPeriod(info, N, ctl.signal);
      } catch (e) {
        if (controller !== ctl && e.name === 'AbortError') return; // another game or run took over
        if (e.name === 'AbortError') {
          clear(message, h('p', { class: 'warn', role: 'status' }, `Canceled. ${last ? `Showing G(${last.start}..${last.start + last.values.length - 1}), computed before.` : ''}`));
          progressText.textContent = 'canceled';
        } else {
          clear(message, h('p', { class: 'error', role: 'alert' }, e.message));
          progressText.textContent = 'stopped';
        }
      } finally {
        clearInterval(ticker);
        if (controller === ctl) idle();
      }
    }

    // markPeriod asks the server for the period of the sequence (games with
    // a period search only: the others answer 400, and nothing is marked)
    // and marks it on the plot, with its verdict in the summary. A search
    // the server stopped (its time or work limit) says so.
    async function markPeriod(info, N, signal) {
      let p;
      try {
        p = await api('period', { game: info.spec, to: N }, { signal });
      } catch (e) {
        if (e.name === 'AbortError') throw e;
        if (e instanceof ApiError && e.status !== 400 && last?.game === info.spec) {
          const why = e.status === 504 ? 'the server\'s time limit per computation'
            : e.status === 422 ? 'the server\'s work budget per computation' : 'the server was busy';
          summary.append(' · ', h('span', { class: 'pverdict stopped', id: 'seq-period-stopped', title: e.message },
            `period search stopped at ${why}: no verdict`));
        }
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
      shownSpec = info.spec;
      period = null;
      const vals = seq.values;
      const end = seq.start + vals.length - 1;
      let zeros = 0;
      let vmax = 0;
      for (const v of vals) {
        if (v === 0) zeros++;
        if (v > vmax) vmax = v;
      }
      clear(summary, h('b', {}, shorten(info.name)), ` · G(${seq.start}..${end}) · largest value ${vmax} · ${zeros === 1 ? 'one P-position' : `${zeros.toLocaleString()} P-positions`} (G = 0)`);
      svg.removeAttribute('hidden');
      heat.hidden = true;
      plotSequence(svg, seq);
      dlJSON.hidden = false;
      dlJSON.href = apiURL('values', { game: seq.game, to: end });
      const base = `${seq.game.replace(/[^a-z0-9]+/gi, '_')}_${end}`;
      dlJSON.setAttribute('download', `${base}.json`);
      download(dlCSV, csvOfSequence(seq), `${base}.csv`, 'text/csv');
      // Named as the OEIS names an entry's b-file: b002186.txt for A002186.
      download(dlB, bfileOf(seq, { oeis: info.oeis, shift: info.oeis_shift ?? 0 }), info.oeis ? `b${info.oeis.slice(1)}.txt` : `b_${base}.txt`);
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
        shown < vals.length ? h('p', { class: 'more' }, `Showing the first ${shown.toLocaleString()} of ${vals.length.toLocaleString()} values; download the JSON or CSV for all.`) : null);
    }

    // computeTable asks for the N×N value table of a two-heap game
    // (/api/values?table=N) and draws it as a heat map.
    async function computeTable(info) {
      const N = Number(size.value);
      const lim = await limits();
      const most = lim.max_table ?? 256;
      if (!Number.isInteger(N) || N < 1 || N > most) {
        clear(message, h('p', { class: 'error', role: 'alert' }, `The table size must be a whole number in 1..${most}.`));
        return;
      }
      if (info.spec !== shownSpec) reset();
      controller?.abort();
      const ctl = new AbortController();
      controller = ctl;
      clear(message);
      progress.hidden = false;
      cancel.hidden = false;
      go.disabled = true;
      bar.classList.add('running');
      progressText.textContent = `computing the ${N}×${N} table…`;
      try {
        const t = await api('values', { game: info.spec, table: N }, { signal: ctl.signal });
        if (controller !== ctl) return;
        showTable(t, info);
        progressText.textContent = `done: ${(N * N).toLocaleString()} values`;
      } catch (e) {
        if (controller !== ctl && e.name === 'AbortError') return;
        clear(message, h('p', { class: e.name === 'AbortError' ? 'warn' : 'error', role: 'alert' }, e.name === 'AbortError' ? 'Canceled.' : e.message));
        progressText.textContent = e.name === 'AbortError' ? 'canceled' : 'stopped';
      } finally {
        if (controller === ctl) idle();
      }
    }

    function showTable(t, info) {
      lastTable = t;
      last = null;
      shownSpec = info.spec;
      let zeros = 0;
      let vmax = 0;
      for (const row of t.values) {
        for (const v of row) {
          if (v === 0) zeros++;
          if (v > vmax) vmax = v;
        }
      }
      const ax = tableAxes(t);
      clear(summary, h('b', {}, shorten(info.name)), ` · ${ax.range} · largest value ${vmax} · ${zeros} ${ax.zeros} (G = 0, red)`);
      svg.setAttribute('hidden', '');
      heat.hidden = false;
      heatNote.hidden = false;
      drawHeat();
      plotDlSoon();
      dlJSON.hidden = false;
      dlJSON.href = apiURL('values', { game: t.game, table: t.size });
      const base = `${t.game.replace(/[^a-z0-9]+/gi, '_')}_table_${t.size}`;
      dlJSON.setAttribute('download', `${base}.json`);
      download(dlCSV, csvOfTable(t), `${base}.csv`, 'text/csv');
      dlB.hidden = true;
      const n = Math.min(t.size, TABLE_SHOWN);
      clear(table,
        h('table', { class: 'seqtable' },
          h('thead', {}, h('tr', {}, h('th', {}, ax.corner), Array.from({ length: n }, (_, j) => h('th', {}, String(ax.col(j)))))),
          h('tbody', {}, t.values.slice(0, n).map((row, i) => h('tr', {}, h('th', {}, String(ax.row(i))),
            row.slice(0, n).map((v, j) => h('td', { class: 'v' + Math.min(v, 16) + (v === 0 ? ' zero' : ''), title: `${ax.cell(i, j)} = ${v}` }, String(v))))))),
        n < t.size ? h('p', { class: 'more' }, `Showing the first ${n}×${n}; the heat map and the CSV have all ${t.size}×${t.size}.`) : null);
    }

    // tableAxes names a table's rows and columns: G(a, b) of a two-heap
    // game, a down and b across from 0; or, for a coin grid (t.origin), the
    // value g(x, y) of a single head, the board's rows y down and columns
    // x across, labelled by the board's coordinates from t.origin.
    function tableAxes(t) {
      if (t.origin) {
        const [x0, y0] = t.origin;
        return {
          corner: 'y\\x', across: 'x', down: 'y', scale: 'g of a head', col: (j) => x0 + j, row: (i) => y0 + i, cell: (i, j) => `g(${x0 + j}, ${y0 + i})`,
          range: `g(x, y) of a single head for ${x0} ≤ x < ${x0 + t.size}, ${y0} ≤ y < ${y0 + t.size}`, zeros: 'heads of value 0',
          note: `rows y down and columns x across as on the board, from (${x0}, ${y0}); g = 0 red, larger values darker. Hover a cell for its value.`,
        };
      }
      return {
        corner: 'a\\b', across: 'b', down: 'a', scale: 'G(a, b)', col: (j) => j, row: (i) => i, cell: (i, j) => `G(${i}, ${j})`,
        range: `G(a, b) for 0 ≤ a, b < ${t.size}`, zeros: 'P-positions',
        note: 'a down, b across, from 0; G = 0 red (the P-positions: ⌊kφ⌋, ⌊kφ²⌋ and their mirror), larger values darker. Hover a cell for its value.',
      };
    }

    // drawHeat paints the table: a cell per (a, b), a down and b across,
    // the P-positions red, the others darker as the value grows; with the
    // axes (the labels of tableAxes, every step cells) on the left and
    // top, and below it the colour scale from 0 to the largest value, so
    // the picture reads alone (and exported as PNG/SVG).
    const HEAT = { left: 40, top: 34, right: 12, bottom: 48 };
    function heatColour(v, vmax) {
      return v === 0 ? '#c92a2a' : `hsl(${225 - (v / vmax) * 45}, 70%, ${92 - (v / vmax) * 62}%)`;
    }
    function drawHeat() {
      const t = lastTable;
      if (!t) return;
      const room = Math.min(heat.parentElement?.clientWidth || 600, 720) - HEAT.left - HEAT.right;
      const px = Math.max(1, Math.floor(room / t.size));
      const side = px * t.size;
      heat.width = HEAT.left + side + HEAT.right;
      heat.height = HEAT.top + side + HEAT.bottom;
      const ax = tableAxes(t);
      heat.setAttribute('aria-label', `heat map of ${ax.range}`);
      const c = heat.getContext('2d');
      c.fillStyle = '#fff';
      c.fillRect(0, 0, heat.width, heat.height);
      let vmax = 1;
      for (const row of t.values) for (const v of row) vmax = Math.max(vmax, v);
      t.values.forEach((row, a) => row.forEach((v, b) => {
        c.fillStyle = heatColour(v, vmax);
        c.fillRect(HEAT.left + b * px, HEAT.top + a * px, px, px);
      }));
      // Axes: a tick every step cells, step the least of 1, 2, 5, 10, …
      // that keeps labels 28 px apart.
      const step = [1, 2, 5, 10, 20, 50, 100, 200, 500].find((k) => k * px >= 28) ?? 1000;
      c.fillStyle = '#333';
      c.strokeStyle = '#333';
      c.font = '11px sans-serif';
      const xt = [];
      const yt = [];
      c.textAlign = 'center';
      c.textBaseline = 'bottom';
      for (let j = 0; j < t.size; j += step) {
        const x = HEAT.left + j * px + px / 2;
        c.fillText(String(ax.col(j)), x, HEAT.top - 5);
        c.fillRect(Math.round(x), HEAT.top - 4, 1, 4);
        xt.push(String(ax.col(j)));
      }
      c.textAlign = 'right';
      c.textBaseline = 'middle';
      for (let i = 0; i < t.size; i += step) {
        const y = HEAT.top + i * px + px / 2;
        c.fillText(String(ax.row(i)), HEAT.left - 6, y);
        c.fillRect(HEAT.left - 4, Math.round(y), 4, 1);
        yt.push(String(ax.row(i)));
      }
      c.font = 'bold 11px sans-serif';
      c.textAlign = 'left';
      c.textBaseline = 'top';
      c.fillText(`${ax.across} →`, HEAT.left, 2);
      c.fillText(`${ax.down} ↓`, 2, 2);
      c.strokeRect(HEAT.left - 0.5, HEAT.top - 0.5, side + 1, side + 1);
      // Colour scale: 0 (red), then 1..vmax.
      const sy = HEAT.top + side + 10;
      const sw = Math.max(60, Math.min(side, 240));
      c.font = '11px sans-serif';
      c.textBaseline = 'top';
      c.fillStyle = heatColour(0, vmax);
      c.fillRect(HEAT.left, sy, 14, 12);
      const gx = HEAT.left + 22;
      for (let k = 0; k < sw; k++) {
        c.fillStyle = heatColour(1 + ((vmax - 1) * k) / Math.max(1, sw - 1), vmax);
        c.fillRect(gx + k, sy, 1, 12);
      }
      c.fillStyle = '#333';
      c.textAlign = 'center';
      c.fillText('0', HEAT.left + 7, sy + 15);
      c.textAlign = 'left';
      c.fillText('1', gx, sy + 15);
      c.textAlign = 'right';
      c.fillText(String(vmax), gx + sw, sy + 15);
      c.textAlign = 'left';
      c.fillText(ax.scale, gx + sw + 8 <= heat.width - 40 ? gx + sw + 8 : HEAT.left, gx + sw + 8 <= heat.width - 40 ? sy : sy + 28);
      heat.dataset.px = String(px);
      heat.dataset.xticks = xt.join(' ');
      heat.dataset.yticks = yt.join(' ');
      heat.dataset.scale = `0 1 ${vmax}`;
      clear(heatNote, ax.note);
    }
    heat.addEventListener('mousemove', (e) => {
      const t = lastTable;
      const px = Number(heat.dataset.px) || 1;
      if (!t) return;
      const r = heat.getBoundingClientRect();
      const scale = heat.width / r.width;
      const b = Math.floor(((e.clientX - r.left) * scale - HEAT.left) / px);
      const a = Math.floor(((e.clientY - r.top) * scale - HEAT.top) / px);
      if (a >= 0 && b >= 0 && a < t.size && b < t.size) heat.title = `${tableAxes(t).cell(a, b)} = ${t.values[a][b]}`;
    });

    width.addEventListener('change', renderTable);
    let resized;
    window.addEventListener('resize', () => {
      clearTimeout(resized);
      resized = setTimeout(() => {
        if (section.hidden) return;
        if (last) plotSequence(svg, last, { period });
        if (lastTable) drawHeat();
      }, 150);
    });
    to.addEventListener('keydown', (e) => { if (e.key === 'Enter') compute(); });
    size.addEventListener('keydown', (e) => { if (e.key === 'Enter') compute(); });

    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'Nim-sequences'),
        h('p', {}, 'G(n) for single heaps of a heap game, as a plot and a table, with its period; the value table of a two-heap game (wythoff) as a heat map. Long runs show their progress and can be canceled.')),
      h('div', { class: 'grid seq' },
        h('div', { class: 'card' }, h('h2', {}, 'Game'), picker.el, oeis,
          h('div', { class: 'row' }, toField, widthField, sizeField),
          h('div', { class: 'row' }, go, cancel),
          progress, message),
        h('div', { class: 'card answer' }, h('h2', {}, 'Plot'), summary, svg, heat, heatNote, plotDl.el)),
      h('div', { class: 'card' }, h('div', { class: 'cardhead' }, h('h2', {}, 'Table'),
        h('span', { class: 'downloads' }, 'Download: ', dlJSON, ' ', dlCSV, ' ', dlB)), table));

    return {
      async show(params) {
        if (last) plotSequence(svg, last, { period }); // drawn while hidden: redraw at the real width
        if (lastTable) drawHeat();
        if (params.to) to.value = params.to;
        if (params.size) size.value = params.size;
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

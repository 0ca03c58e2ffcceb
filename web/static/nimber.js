// The nimbers view: a calculator for nim arithmetic (/api/nimber), the
// roots of a polynomial in GF(2^64) (/api/nimber/solve) and the
// nim-multiplication table (/api/nimber/table). Every value shown comes
// from the server (package nimber); the page computes nothing.
//
// Values and roots can pass 2^53, past which a JavaScript number is not
// exact: they are read from the answer's text (exactNumbers), not from
// JSON.parse.
import { api, apiURL, ApiError } from './api.js';
import { h, clear } from './dom.js';

const SIZES = [4, 8, 16, 32, 64];

// exact fetches an endpoint and returns its text, throwing ApiError with
// the server's message on a 4xx/5xx answer (as api does), and the
// endpoint that answers such input instead (ErrorBody's use) as e.use.
async function exact(endpoint, params, signal) {
  const res = await fetch(apiURL(endpoint, params), { signal });
  const text = await res.text();
  if (!res.ok) {
    let msg = `HTTP ${res.status}`;
    let use;
    try {
      const body = JSON.parse(text);
      msg = body.error || msg;
      use = body.use;
    } catch { /* not JSON */ }
    const e = new ApiError(msg, res.status);
    e.use = use;
    throw e;
  }
  return text;
}

// exactNumbers returns the digits of the JSON numbers of field in text (the
// last field of the object, a number or an array of numbers).
function exactNumbers(text, field) {
  const m = new RegExp('"' + field + '":\\[?([0-9,]*)\\]?\\}\\s*$').exec(text);
  return m ? m[1].split(',').filter((s) => s !== '') : [];
}

export default {
  id: 'nimber',
  title: 'Nimbers',
  mount(section, app) {
    const expr = h('input', { id: 'nim-expr', class: 'mono', spellcheck: 'false', value: '8*8', 'aria-label': 'Expression' });
    const go = h('button', { id: 'nim-go', onclick: () => evaluate() }, '=');
    const out = h('div', { id: 'nim-out' });
    const poly = h('input', { id: 'nim-poly', class: 'mono', spellcheck: 'false', value: 'x^2 + x + 1', 'aria-label': 'Polynomial in x' });
    const solveGo = h('button', { id: 'nim-solve-go', onclick: () => solve() }, 'Roots');
    const solveOut = h('div', { id: 'nim-solve-out' });
    const size = h('select', { id: 'nim-size', 'aria-label': 'Table size', onchange: () => table() },
      SIZES.map((n) => h('option', { value: String(n), selected: n === 16 }, `0..${n - 1}`)));
    const tableOut = h('div', { id: 'nim-table-wrap', class: 'tablewrap' });
    const busy = new Map();
    let shownSize = null; // the size of the table shown

    async function run(key, el, f, words) {
      busy.get(key)?.abort();
      const ctl = new AbortController();
      busy.set(key, ctl);
      try {
        await f(ctl.signal);
      } catch (e) {
        if (e.name !== 'AbortError') clear(el, words?.(e) ?? h('p', { class: 'error', role: 'alert' }, e.message));
      } finally {
        if (busy.get(key) === ctl) busy.delete(key);
      }
    }

    // roots moves an expression in x to the Roots box and solves it there.
    function roots(e) {
      poly.value = e;
      poly.focus();
      return solve();
    }

    // variableWords is the page's error for an expression in x (the
    // server's names its API, /api/nimber/solve): it points to the Roots
    // box of this page, with a button that takes the expression there.
    const variableWords = (e) => (err) => err.use !== 'nimber/solve' ? null
      : h('p', { class: 'error', role: 'alert', id: 'nim-variable' },
        h('span', { class: 'mono' }, e), ' has x in it: a polynomial has roots, not a value. The Roots box finds them. ',
        h('button', { class: 'secondary small', id: 'nim-to-roots', onclick: () => roots(e) }, 'Find its roots'));

    function evaluate() {
      const e = expr.value;
      return run('eval', out, async (signal) => {
        const text = await exact('nimber', { expr: e }, signal);
        const [value] = exactNumbers(text, 'value');
        clear(out, h('p', { class: 'summary' }, h('span', { class: 'mono' }, e), ' = ',
          h('b', { id: 'nim-value', class: 'mono' }, value)));
      }, variableWords(e));
    }

    function solve() {
      const p = poly.value;
      return run('solve', solveOut, async (signal) => {
        const text = await exact('nimber/solve', { poly: p }, signal);
        const roots = exactNumbers(text, 'roots');
        clear(solveOut, h('p', { id: 'nim-roots', class: 'summary' },
          roots.length === 0
            ? [h('span', { class: 'mono' }, p), ' = 0 has no root in GF(2^64)']
            : [h('span', { class: 'mono' }, p), ' = 0 for x = ', h('b', { class: 'mono' }, roots.join(' or '))]));
      });
    }

    function table() {
      const n = Number(size.value);
      return run('table', tableOut, async (signal) => {
        const r = await api('nimber/table', { size: n }, { signal });
        shownSize = n;
        clear(tableOut,
          h('table', { id: 'nim-table', class: 'seqtable' },
            h('thead', {}, h('tr', {}, h('th', {}, '⊗'), r.table.map((_, j) => h('th', {}, String(j))))),
            h('tbody', {}, r.table.map((row, i) => h('tr', {}, h('th', {}, String(i)),
              row.map((v, j) => h('td', {
                class: v === 1 ? 'zero' : undefined,
                title: `${i} ⊗ ${j} = ${v} (click to evaluate)`,
                onclick: () => app.go('nimber', { expr: `${i}*${j}`, size: n }),
              }, String(v))))))),
          h('p', { class: 'more' }, 'Highlighted: products equal to 1, the pairs of inverses. The nimbers below 2, 4, 16, 256, 65536, … are fields.'));
      });
    }

    expr.addEventListener('keydown', (e) => { if (e.key === 'Enter') evaluate(); });
    poly.addEventListener('keydown', (e) => { if (e.key === 'Enter') solve(); });

    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'Nim arithmetic'),
        h('p', {}, 'Nimbers are the values of impartial games. Their sum is the XOR; their product (Conway) makes them a field: the nimbers below 2, 4, 16, 256, … 2^(2^k) are the fields GF(2^(2^k)). A single head at (x, y) of a two-dimensional coin game has the product of its two one-dimensional values.')),
      h('div', { class: 'grid two' },
        h('div', { class: 'card' }, h('h2', {}, 'Calculator'),
          h('div', { class: 'row' }, h('label', { class: 'field' }, h('span', {}, '+ nim-sum, * nim-product, / quotient, ^k power, sqrt( ), *n for the nimber n'), expr), go),
          out),
        h('div', { class: 'card' }, h('h2', {}, 'Roots in GF(2^64)'),
          h('div', { class: 'row' }, h('label', { class: 'field' }, h('span', {}, 'Polynomial in x (degree ≤ 32)'), poly), solveGo),
          solveOut)),
      h('div', { class: 'card' }, h('div', { class: 'cardhead' }, h('h2', {}, 'Multiplication table'), size), tableOut));

    return {
      async show(params) {
        if (params.expr) expr.value = params.expr;
        if (params.poly) poly.value = params.poly;
        if (params.size && SIZES.includes(Number(params.size))) size.value = params.size;
        await Promise.all([evaluate(), solve(), shownSize === Number(size.value) ? null : table()]);
      },
    };
  },
};

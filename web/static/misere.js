// The misère view: the misère canonical form and genus of a position
// (/api/misere/form), the misère quotient (/api/misere/quotient) of a heap
// game's heaps 0..N, or of positions of any game given one per field
// (position= repeated) and every position they lead to: its presentation,
// pretending function (the image of every position of the closed set) and
// multiplication table, the P-portion highlighted, with the presentation
// and the whole table to download (/api/misere/table); and a sum of heaps
// answered by the quotient (/api/misere/solve). Every value shown comes
// from the server; the page computes nothing, and sends the positions as
// they are typed. Computing a form or a quotient records the page's state
// in the URL (app.go: game, form position, mode, heaps or positions, the
// size limit), from which show restores it on a reload or a shared link.
import { api, apiURL } from './api.js';
import { h, clear } from './dom.js';
import { gamePicker } from './picker.js';

const MAX_TABLE = 64; // largest table drawn as a grid
const MAX_CLOSURE = 1000; // positions of the closed set listed on the page

export default {
  id: 'misere',
  title: 'Misère',
  mount(section, app) {
    const position = h('input', { id: 'mis-position', class: 'mono', spellcheck: 'false', value: '5', 'aria-label': 'Position' });
    const heaps = h('input', { id: 'mis-heaps', type: 'number', min: '0', max: '1000', value: '', placeholder: 'until proved', 'aria-label': 'Largest heap (empty: until proved)' });
    const sum = h('input', { id: 'mis-sum', class: 'mono', spellcheck: 'false', value: '1000000 999999 123456', 'aria-label': 'Sum of heaps' });
    // The quotient's budget: stop past this many elements (max_size=).
    const maxSize = h('input', { id: 'mis-max-size', type: 'number', min: '1', value: '', placeholder: 'no limit', 'aria-label': 'Stop past this many elements (empty: no limit)' });
    const sizeField = h('label', { class: 'field small', id: 'mis-max-size-field' }, h('span', {}, 'Stop past (elements)'), maxSize);
    const solveGo = h('button', { id: 'mis-solve-go', onclick: () => go('solve') }, 'Solve by the quotient');
    const solveOut = h('div', { id: 'mis-solve-out' });
    const formGo = h('button', { id: 'mis-form-go', onclick: () => go('form') }, 'Form & genus');
    const quotGo = h('button', { id: 'mis-quotient-go', onclick: () => go('quotient') }, 'Quotient');
    const formOut = h('div', { id: 'mis-form-out' });
    const quotOut = h('div', { id: 'mis-quotient-out' });
    const tableOut = h('div', { id: 'mis-table-wrap', class: 'tablewrap' });
    const download = h('a', { id: 'mis-download', class: 'download', hidden: true }, 'Download presentation (JSON)');
    const downloadTable = h('a', { id: 'mis-download-table', class: 'download', hidden: true }, 'Download table (JSON)');
    // A sum of heaps answered by the quotient: heap games only.
    const solveBox = h('div', { id: 'mis-solve' },
      h('div', { class: 'row' },
        h('label', { class: 'field' }, h('span', {}, 'Sum of heaps'), sum), solveGo),
      solveOut);
    const busy = new Map(); // button → the AbortController of its request

    // The quotient of the heaps 0..N (heap games) or of given positions
    // (any game): the mode is chosen for a heap game, and is positions for
    // the others (/api/info's heap).
    const mode = h('select', { id: 'mis-mode', 'aria-label': 'Quotient of', onchange: () => showMode() },
      h('option', { value: 'heaps' }, 'the heaps 0..N'),
      h('option', { value: 'positions' }, 'positions given here'));
    const modeField = h('label', { class: 'field', id: 'mis-mode-field' }, h('span', {}, 'Quotient of'), mode);
    const heapsRow = h('div', { class: 'row', id: 'mis-heaps-row' }, h('label', { class: 'field small' }, h('span', {}, 'Heaps up to'), heaps));
    const posNote = h('p', { id: 'mis-positions-note', class: 'more' });
    const posList = h('ol', { id: 'mis-position-list', class: 'poslist' });
    const addPos = h('button', {
      id: 'mis-add-position', class: 'secondary small',
      onclick: () => { given.push(''); renderPositions(); posList.querySelector('li:last-child input')?.focus(); },
    }, '+ Add a position');
    const posRow = h('div', { class: 'row' }, addPos);
    const posBox = h('div', { id: 'mis-positions', hidden: true }, posNote, posList, posRow);
    let given = ['3 5']; // the positions' fields, as typed
    let spec = ''; // the game the fields are for

    const picker = gamePicker({ id: 'mis', onChange: (info) => gameChanged(info) });

    // state is the page's state as the URL holds it (#/misere?…), which
    // show reads back: the game, the form's position, the quotient's mode,
    // the fields of both modes (the largest heap; the positions, a JSON
    // list), the size limit, the sum of heaps to solve.
    function state() {
      const p = { game: picker.info.spec };
      if (position.value.trim()) p.position = position.value;
      p.mode = mode.value;
      if (picker.info.heap && heaps.value.trim()) p.heaps = heaps.value.trim();
      p.positions = JSON.stringify(given);
      if (maxSize.value.trim()) p.max_size = maxSize.value.trim();
      if (sumAsked && picker.info.heap && sum.value.trim()) p.sum = sum.value.trim();
      return p;
    }

    // go records the state in the URL; show then computes what the button
    // asked for (pending), and only that.
    let pending = null;
    // sumAsked: a sum has been solved (a button, or a URL with one), so the
    // URL keeps it; the field's example alone is not asked for.
    let sumAsked = false;
    function go(what) {
      if (!picker.info) return;
      pending = what;
      if (what === 'solve') sumAsked = true;
      app.go('misere', state());
    }

    // run runs one request for a button: a new click cancels the previous
    // request of the same button (the server's search stops with it).
    // failed(e) runs on an error first and says whether it showed it.
    async function run(button, out, f, failed) {
      busy.get(button)?.abort();
      const ctl = new AbortController();
      busy.set(button, ctl);
      button.disabled = true;
      section.classList.add('computing');
      clear(out, h('p', { class: 'summary' }, 'computing…'));
      try {
        await f(ctl.signal);
      } catch (e) {
        if (e.name !== 'AbortError' && !failed?.(e)) clear(out, h('p', { class: 'error', role: 'alert' }, e.message));
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
        clear(formOut, h('dl', { class: 'facts', 'data-game': r.game },
          h('dt', {}, 'Game'), h('dd', { id: 'mis-form-game', class: 'mono' }, r.game),
          h('dt', {}, 'Position'), h('dd', { class: 'mono' }, r.position),
          h('dt', {}, 'Misère canonical form'), h('dd', { id: 'mis-form', class: 'mono' }, r.form),
          h('dt', {}, 'Genus'), h('dd', { id: 'mis-genus', class: 'mono' }, r.genus + (r.tame ? ' (tame)' : '')),
          h('dt', {}, 'Misère outcome'), h('dd', { id: 'mis-outcome' }, `${r.outcome}-position`,
            ` (G⁻ = ${r.misere_value}, G⁺ = ${r.normal_value}, birthday ${r.birthday})`)));
      });
    }

    // gameChanged offers the modes the game has: both for a heap game,
    // positions only for the others (the game's example in the fields to
    // start with), and clears the last game's quotient.
    function gameChanged(info) {
      if (info.spec === spec) return;
      spec = info.spec;
      // Nothing of the last game stays on the page (issue 44: 0.75's form
      // and genus beside Kayles' quotient): its answers still on their way
      // are dropped, its panels cleared.
      for (const ctl of busy.values()) ctl.abort();
      clear(formOut);
      mode.options[0].disabled = !info.heap;
      if (!info.heap) mode.value = 'positions';
      solveBox.hidden = !info.heap;
      clear(solveOut);
      given = [info.example];
      renderPositions();
      showMode();
      clearQuotient();
    }

    function showMode() {
      const info = picker.info;
      const positions = mode.value === 'positions';
      heapsRow.hidden = positions;
      posBox.hidden = !positions;
      (positions ? posRow : heapsRow).append(sizeField, quotGo);
      clear(posNote, info && !info.heap
        ? `${info.name} is not a heap game: the quotient of the heaps 0..N does not apply. Give some of its positions, one per field: the quotient is that of these positions and every position they lead to.`
        : 'The quotient of these positions, one per field, and every position they lead to: a sum of them is a misère P-position exactly when the product of their images is in the P-portion.');
    }

    function renderPositions() {
      clear(posList, given.map((p, i) => {
        const input = h('input', {
          id: `mis-pos-${i + 1}`, class: 'mono', value: p, spellcheck: 'false', autocomplete: 'off',
          'aria-label': `Position ${i + 1}`, 'aria-describedby': `mis-pos-error-${i + 1}`,
        });
        const error = h('p', { id: `mis-pos-error-${i + 1}`, class: 'poserror' });
        input.addEventListener('input', () => {
          given[i] = input.value;
          input.removeAttribute('aria-invalid');
          clear(error);
        });
        input.addEventListener('keydown', (e) => {
          if (e.key === 'Enter') go('quotient');
        });
        return h('li', { class: 'posrow' },
          h('div', { class: 'posfields' }, input,
            h('button', {
              class: 'secondary small', title: 'Remove this position', 'aria-label': `Remove position ${i + 1}`,
              disabled: given.length < 2,
              onclick: () => { given.splice(i, 1); renderPositions(); },
            }, '✕')),
          error);
      }));
    }

    // positionError shows the server's error about position i (from 1)
    // under its field.
    function positionError(i, message) {
      const input = document.getElementById(`mis-pos-${i}`);
      const error = document.getElementById(`mis-pos-error-${i}`);
      if (!input || !error) return false;
      input.setAttribute('aria-invalid', 'true');
      clear(error, h('span', { class: 'error', role: 'alert' }, message));
      return true;
    }

    function clearQuotient() {
      clear(quotOut);
      clear(tableOut);
      download.hidden = true;
      downloadTable.hidden = true;
    }

    function quotient() {
      const info = picker.info;
      if (!info) return;
      if (mode.value === 'positions') return quotientOfPositions(info);
      const text = heaps.value.trim();
      const N = Number(text);
      if (text !== '' && (!Number.isInteger(N) || N < 0)) {
        clear(quotOut, h('p', { class: 'error' }, 'The largest heap must be a whole number ≥ 0, or empty to add heaps until the quotient is proved.'));
        return;
      }
      return run(quotGo, quotOut, async (signal) => {
        const params = { game: info.spec };
        if (text !== '') params.heaps = N;
        if (maxSize.value.trim()) params.max_size = maxSize.value.trim();
        const q = await api('misere/quotient', params, { signal });
        showQuotient(q);
        offerDownloads(params, `${q.game.replace(/[^a-z0-9]+/gi, '_')}_${q.heaps}`);
      }, () => { clearQuotient(); return false; });
    }

    // quotientOfPositions asks the quotient of the positions as typed, one
    // position= each; an error about one of them is shown under its field.
    function quotientOfPositions(info) {
      for (const el of posList.querySelectorAll('.poserror')) clear(el);
      for (const el of posList.querySelectorAll('input')) el.removeAttribute('aria-invalid');
      const sent = [...given];
      const params = [['game', info.spec], ...sent.map((p) => ['position', p])];
      if (maxSize.value.trim()) params.push(['max_size', maxSize.value.trim()]);
      return run(quotGo, quotOut, async (signal) => {
        const q = await api('misere/quotient', params, { signal });
        showPositions(q);
        offerDownloads(params, `${q.game.replace(/[^a-z0-9]+/gi, '_')}_positions`);
      }, (e) => {
        clearQuotient();
        // Under its field, unless the fields changed since they were sent.
        const same = sent.length === given.length && sent.every((p, i) => p === given[i]);
        if (e.parameter !== 'position' || !same || !positionError(e.index, e.message)) return false;
        clear(quotOut, h('p', { class: 'more', id: 'mis-quotient-note' }, `No quotient: see the error under position ${e.index}.`));
        return true;
      });
    }

    function offerDownloads(params, name) {
      download.hidden = false;
      download.href = apiURL('misere/quotient', params);
      download.setAttribute('download', `quotient_${name}.json`);
      downloadTable.hidden = false;
      downloadTable.href = apiURL('misere/table', params);
      downloadTable.setAttribute('download', `quotient_table_${name}.json`);
    }

    function solve() {
      const info = picker.info;
      if (!info) return;
      return run(solveGo, solveOut, async (signal) => {
        const r = await api('misere/solve', { game: info.spec, position: sum.value }, { signal });
        // Every winning move the server lists (the first has the id
        // mis-solve-move), or why there is none.
        const moveText = (m) => `heap #${m.index + 1} (${m.heap}) → ${m.to.length ? m.to.join(' + ') : 'nothing'}`;
        const moves = r.moves ?? (r.move ? [r.move] : []);
        let items = moves.map((m, i) => h('li', { class: 'mono', id: i === 0 ? 'mis-solve-move' : undefined }, moveText(m)));
        if (r.more) items.push(h('li', { class: 'more', id: 'mis-solve-more' }, `… and more: the first ${moves.length} are listed`));
        if (!moves.length) {
          items = [h('li', { id: 'mis-solve-move' }, r.outcome === 'P'
            ? 'none: every move loses'
            : 'none needed: no move is left, and under misère play the player who cannot move wins')];
        }
        const by = r.quotient.status === 'proved'
          ? `proved for every heap at heap ${r.quotient.computed}`
          : `computed for heaps 0..${r.quotient.heaps}`;
        clear(solveOut, h('dl', { class: 'facts', 'data-game': r.game },
          h('dt', {}, 'Game'), h('dd', { id: 'mis-solve-game', class: 'mono' }, r.game),
          h('dt', {}, 'Image'), h('dd', {}, h('span', { id: 'mis-solve-image', class: 'mono' }, r.image),
            h('span', { class: 'more', id: 'mis-solve-image-note' }, ` — the element of the quotient that stands for the sum, its heaps' images multiplied; the sum is a misère P-position exactly when its image is in the P-portion`)),
          h('dt', {}, 'Misère outcome'), h('dd', { id: 'mis-solve-outcome' }, `${r.outcome}-position`),
          h('dt', {}, moves.length === 1 && !r.more ? 'Winning move' : 'Winning moves'),
          h('dd', {}, h('ul', { id: 'mis-solve-moves', class: 'plain' }, items)),
          h('dt', {}, 'Answered by'), h('dd', {}, `the quotient of ${r.quotient.size} elements, ${by} (a sum of ${r.heaps === 1 ? 'one heap' : `${r.heaps} heaps`})`)));
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

    // stopWords says what to do about a stop in the page's words: its own
    // size limit (the API's hint names max_size), or the server's limits.
    function stopWords(q, checkpoint) {
      if (q.hint === 'raise max_size') return 'The limit “Stop past” stopped it: raise it, or leave it empty, to go further.';
      return `The server's limits per computation stopped it; the command line runs further with more memory${checkpoint}.`;
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
          `at heap ${q.stop.heap} (the quotient of the heaps 0..${q.heaps} has ${q.stop.size} elements${cand}): ${q.stop.reason}. ${stopWords(q, ' (and resumes from a checkpoint)')}`));
      }
      clear(quotOut,
        h('p', { id: 'mis-summary', class: 'summary' }, h('b', {}, q.game), ` · ${q.size} elements · P-portion ${q.p_size} · `, status),
        h('dl', { class: 'facts' }, facts));
      renderTable(q);
    }

    // outcomeCell writes a position's misère outcome, P-positions
    // highlighted; a position beyond a quotient that stopped has none.
    const outcomeCell = (im) => im.outcome
      ? h('td', { class: im.outcome === 'P' ? 'outcome zero' : 'outcome' }, `${im.outcome}-position`)
      : h('td', { class: 'outcome' }, '—');

    // imageRows lists positions with their images and outcomes.
    const imageRows = (list) => list.map((im) => h('tr', {},
      h('td', { class: 'mono pos' }, im.position),
      h('td', { class: 'mono' }, im.image || '—'),
      outcomeCell(im)));

    const imageHead = (first) => h('thead', {}, h('tr', {}, h('th', {}, first), h('th', {}, 'Image'), h('th', {}, 'Misère outcome')));

    // showPositions shows the quotient of given positions: each position
    // asked with its image and outcome, the presentation (generators named
    // by the positions whose images they are), and the image of every
    // position of the closed set.
    function showPositions(q) {
      const n = q.positions.length;
      let status;
      if (q.status === 'stopped') {
        status = h('span', { class: 'pverdict observed', title: q.stop.reason }, `stopped at position ${q.stop.index} of ${q.closure}`);
      } else {
        status = h('span', { class: 'pverdict proved', title: 'No periodicity theorem applies here: the quotient is that of the closed set, nothing is claimed beyond it.' }, 'exact for the closed set');
      }
      const facts = [
        h('dt', {}, 'Generators'), h('dd', { id: 'mis-generators', class: 'mono list' }, q.generators.map((g) => `${g.name} = Φ(${g.position})`).join(', ') || 'none'),
        h('dt', {}, 'Relations'), h('dd', { id: 'mis-relations', class: 'mono list' }, q.relations.join(', ') || 'none'),
        h('dt', {}, 'P-portion'), h('dd', { id: 'mis-pportion', class: 'mono list' }, '{' + q.p_portion.join(', ') + '}'),
      ];
      if (q.stop) {
        const cand = q.stop.candidate ? `; a candidate of ${q.stop.candidate} elements for it` : '';
        facts.push(h('dt', {}, 'Stopped'), h('dd', { id: 'mis-stop' },
          `at position ${q.stop.index} of ${q.closure}, “${q.stop.position}” (the quotient of the positions before it has ${q.stop.size} elements${cand}): ${q.stop.reason}. ${stopWords(q, '')} The positions asked that lie beyond have no image (—).`));
      }
      const shown = q.pretending.slice(0, MAX_CLOSURE);
      clear(quotOut,
        h('p', { id: 'mis-summary', class: 'summary' }, h('b', {}, q.game),
          ` · ${n} position${n === 1 ? '' : 's'} given and every position they lead to (${q.closure} in all) · ${q.size} elements · P-portion ${q.p_size} · `, status),
        h('p', { class: 'more', id: 'mis-image-note' }, 'A position’s image is the element of the quotient that stands for it: the product of the images Φ of its components. A sum is a misère P-position exactly when its image is in the P-portion.'),
        h('div', { class: 'tablewrap short' },
          h('table', { id: 'mis-asked', class: 'imagetable' }, imageHead('Position given'), h('tbody', {}, imageRows(q.positions)))),
        h('dl', { class: 'facts' }, facts),
        h('h3', {}, `The closed set: Φ of its ${q.pretending.length} positions`),
        h('div', { class: 'tablewrap short' },
          h('table', { id: 'mis-closure', class: 'imagetable' }, imageHead('Position'), h('tbody', {}, imageRows(shown)))),
        shown.length < q.pretending.length
          ? h('p', { class: 'more', id: 'mis-closure-more' }, `The first ${shown.length} of ${q.pretending.length} positions; “Download presentation” has them all.`)
          : null);
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
      const of = q.positions ? 'positions' : 'heaps';
      clear(tableOut,
        h('table', { id: 'mis-table', class: 'seqtable mistable' },
          h('thead', {}, h('tr', {}, h('th', {}, '·'), q.elements.map((_, i) => head(i)))),
          h('tbody', {}, q.table.map((row, i) => h('tr', {}, head(i),
            row.map((x, j) => h('td', {
              class: isP.has(name(x)) ? 'zero' : undefined,
              title: `${name(i)} · ${name(j)} = ${name(x)}${isP.has(name(x)) ? ' (P)' : ''}`,
            }, name(x))))))),
        h('p', { class: 'more' }, `Highlighted: products in the P-portion. A sum of ${of} is a misère P-position exactly when the product of the images of its ${of} is.`));
    }

    for (const [el, f] of [[position, () => go('form')], [heaps, () => go('quotient')], [maxSize, () => go('quotient')], [sum, () => go('solve')]]) el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') f();
    });

    renderPositions();
    showMode();
    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'Misère play'),
        h('p', {}, 'Whoever makes the last move loses. The canonical form and genus of a position (Conway), and the misère quotient (Plambeck–Siegel) of a heap game, or of some positions of any game and every position they lead to: a finite monoid in which a sum is a P-position exactly when its product lands in the P-portion.')),
      h('div', { class: 'grid seq' },
        h('div', { class: 'card' }, h('h2', {}, 'Game'), picker.el,
          h('div', { class: 'row' },
            h('label', { class: 'field' }, h('span', {}, 'Position'), position), formGo),
          formOut,
          modeField, heapsRow, posBox,
          solveBox),
        h('div', { class: 'card wide' }, h('div', { class: 'cardhead' }, h('h2', {}, 'Quotient'), download), quotOut)),
      h('div', { class: 'card wide' }, h('div', { class: 'cardhead' }, h('h2', {}, 'Multiplication table'), downloadTable), tableOut));

    return {
      // show restores the state a URL holds (state: a link, a reload, back
      // and forward) and computes the form (a position given, or no game)
      // and the quotient (positions given, or a heap game); after a button
      // (go), only what it asked for.
      async show(params) {
        const what = pending;
        pending = null;
        if (params.position) position.value = params.position;
        if (params.heaps) heaps.value = params.heaps;
        else if (params.game) heaps.value = ''; // a game without heaps: until proved
        if (params.max_size) maxSize.value = params.max_size;
        else if (params.game) maxSize.value = '';
        if (params.sum) sum.value = params.sum;
        sumAsked = !!params.sum;
        if (params.game || !picker.info) {
          await picker.set(params.game ?? 'octal:0.75');
          const info = picker.info;
          if (!info) return;
          // positions=["3 4","2 2"]: the quotient of those positions.
          let asked = null;
          if (params.positions) {
            try {
              asked = JSON.parse(params.positions);
            } catch {
              asked = [params.positions];
            }
            if (!Array.isArray(asked) || asked.length === 0) asked = [String(params.positions)];
            asked = asked.map(String);
            if (JSON.stringify(asked) !== JSON.stringify(given)) {
              given = asked;
              renderPositions();
            }
          }
          const positions = !info.heap || (params.mode ? params.mode === 'positions' : !!asked);
          mode.value = positions ? 'positions' : 'heaps';
          showMode();
          const jobs = [];
          if (what ? what === 'form' : params.position || !params.game) jobs.push(form());
          if (what ? what === 'quotient' : asked || (info.heap && !positions)) jobs.push(quotient());
          if (what ? what === 'solve' : params.sum && info.heap) jobs.push(solve());
          await Promise.all(jobs);
        }
      },
    };
  },
};

// The card-flip lab: run a strategy on a seeded deal and watch its trace
// turn by turn (the trace is the server's: /api/cardflip/play records the
// engine's turns; this page only animates them) under the chosen rules
// (players, model, variant: the CLI's --players/--model/--variant words),
// measure its E[X] under them (/api/cardflip/exact or /simulate), and compare the strategies
// over a range of m with a plot of E[X] (/api/cardflip/compare, one request
// per m, so the plot grows as results come and Cancel stops the server's
// simulation).
import { api } from './api.js';
import { h, clear } from './dom.js';
import { plotCompare, plotHistogram, strategyColors } from './cfplot.js';

const SPEEDS = [1, 2, 5, 10, 30, 100]; // turns per second

// The rule variants (cardflip.ParseVariant's words): label, what changes.
const VARIANTS = {
  standard: ['standard', 'Only the card looked at moves.'],
  free: ['free communication', 'The players may talk: one player with full memory plays every turn (n = 1).'],
  fixed: ['fixed after look', 'The card looked at stays where it was (it may still be turned face up); a strategy that moves it breaks the rules.'],
  rearrange: ['rearrange', 'After looking, the player may also permute the face-down cards.'],
};

// rowText writes a visible row as the CLI does (cardflip.FormatRow):
// · face down, the number face up, * at position mark.
export function rowText(row, mark) {
  return '[' + row.map((x, i) => (i === mark ? '*' : x === 0 ? '·' : String(x))).join(' ') + ']';
}

// scrollTo scrolls the list box (not the page) to show its item li.
function scrollTo(box, li) {
  if (!li) return;
  const top = li.offsetTop; // .cftrace is positioned: offsets are from the box
  if (top < box.scrollTop || top + li.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top - box.clientHeight / 2;
}

// sizeCards sizes the cards of a row of m so that they stay readable: at
// least 24 px wide (the row wraps), at most 40.
function sizeCards(row, m) {
  const avail = Math.max(240, (row.clientWidth || 760) - 24);
  const w = Math.max(24, Math.min(40, Math.floor(avail / m) - 4));
  row.style.setProperty('--cw', `${w}px`);
  row.classList.toggle('small', w < 30);
}

export default {
  id: 'cardflip',
  title: 'Card-flip lab',
  mount(section, app) {
    // Run a strategy.
    const strategy = h('select', { id: 'cf-strategy', 'aria-label': 'Strategy' });
    const m = h('input', { id: 'cf-m', type: 'number', min: '1', max: '200', value: '12', 'aria-label': 'm' });
    const seed = h('input', { id: 'cf-seed', type: 'number', min: '0', value: '1', 'aria-label': 'Seed' });
    // The rules, as the CLI's --players, --model and --variant take them.
    const players = h('input', { id: 'cf-players', type: 'text', inputmode: 'numeric', list: 'cf-players-list', value: '∞', 'aria-label': 'Players',
      title: 'n: a whole number, or ∞ (also 0): every turn a new player who sees only the row' });
    const playersList = h('datalist', { id: 'cf-players-list' }, ['∞', '1', '2', '3', '4', '8'].map((v) => h('option', { value: v })));
    const model = h('select', { id: 'cf-model', 'aria-label': 'Model' },
      h('option', { value: 'table', title: 'a player sees the row and nothing else' }, 'table-only'),
      h('option', { value: 'turn', title: 'a player also knows the turn number' }, 'table+turn'));
    const variant = h('select', { id: 'cf-variant', 'aria-label': 'Variant' }, Object.entries(VARIANTS).map(([v, [label, about]]) => h('option', { value: v, title: about }, label)));
    const variantAbout = h('p', { id: 'cf-variant-about', class: 'more' });
    const rulesText = h('p', { id: 'cf-rules', class: 'more' });
    const measureBtn = h('button', { id: 'cf-measure', class: 'secondary', onclick: () => measure() }, 'Measure E[X]');
    const measureText = h('div', { id: 'cf-measure-result', role: 'status' });
    const about = h('p', { id: 'cf-about', class: 'more' });
    const runMsg = h('div', { id: 'cf-run-message' });
    const row = h('div', { id: 'cf-row', class: 'cfrow' });
    const status = h('p', { id: 'cf-status', class: 'status' }, 'Choose a strategy and run it.');
    const log = h('p', { id: 'cf-log', class: 'cflog' });
    const dealText = h('p', { id: 'cf-deal', class: 'more mono' });
    // The trace as text, as `grundy cardflip play` prints it, with the
    // turn shown highlighted.
    const traceList = h('ol', { id: 'cf-trace', class: 'cftrace mono' });
    const traceLegend = h('p', { id: 'cf-legend', class: 'more' },
      'Positions count from 0 (the leftmost card is position 0), cards from 1. In the rows, · is a face-down card, a number a face-up one, and * the card looked at; ',
      h('code', {}, '2 → down at 3'), ' puts the card seen, number 2, back face down at index 3 of the row, ', h('code', {}, 'UP'), ' turns it face up.');
    const histSvg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    histSvg.id = 'cf-hist';
    histSvg.classList.add('plot', 'hist');
    const playBtn = h('button', { id: 'cf-play', disabled: true, onclick: () => (timer ? pause() : play()) }, 'Play');
    const stepBtn = h('button', { id: 'cf-step', class: 'secondary', disabled: true, onclick: () => { pause(); advance(); } }, 'Step');
    const endBtn = h('button', { id: 'cf-end', class: 'secondary', disabled: true, onclick: () => { pause(); frame = frames() - 1; render(); } }, 'To the end');
    const speed = h('select', { id: 'cf-speed', 'aria-label': 'Speed' }, SPEEDS.map((v) => h('option', { value: String(v) }, `${v} turn${v > 1 ? 's' : ''}/s`)));
    speed.value = '5';
    const slider = h('input', { id: 'cf-slider', type: 'range', min: '0', max: '0', value: '0', 'aria-label': 'Turn' });
    let strategies = [];
    let best = ''; // the best strategy's name, as /api/cardflip/strategies marks it
    let trace = null;
    let frame = 0; // 0: the deal, 2t−1: turn t looking, 2t: turn t placed
    let timer = null;

    const frames = () => (trace ? 2 * trace.steps.length + 1 : 0);

    async function loadStrategies() {
      if (strategies.length) return;
      strategies = await api('cardflip/strategies');
      clear(strategy, strategies.map((s) => h('option', { value: s.name, title: s.summary }, `${s.name}${s.best ? ', the best' : ''} (${s.needs})`)));
      // The lab starts with the best strategy (cardflip.BestName).
      best = strategies.find((s) => s.best)?.name ?? '';
      strategy.value = best || strategies[0].name;
      describe();
    }
    // describe shows the strategy and the variant, and sets the players
    // and the model to ones the strategy can play under.
    function describe() {
      const s = strategies.find((x) => x.name === strategy.value);
      about.textContent = s ? s.summary : '';
      const unbounded = ['', '0', '∞', 'inf'].includes(players.value.trim());
      if (s && s.needs.startsWith('n = 1') && variant.value !== 'free') players.value = '1';
      else if (s && s.needs.startsWith('n ≥ 1') && unbounded) players.value = '3';
      if (s && s.model === 'table+turn') model.value = 'turn';
      variantAbout.textContent = VARIANTS[variant.value]?.[1] ?? '';
    }
    strategy.addEventListener('change', describe);
    variant.addEventListener('change', describe);
    for (const el of [strategy, m, players, model, variant]) el.addEventListener('change', () => stale());
    m.addEventListener('input', () => stale());

    // measure asks for E[X] under the chosen rules: exactly over all m!
    // deals for m ≤ 8 and a strategy without coins (/api/cardflip/exact),
    // else by seeded games (/api/cardflip/simulate, at most 2000 and within
    // the server's work limit of trials × m² ≤ 4·10⁷).
    // The histogram of X comes from the seeded games of simulate, which
    // run in either case.
    let measuring = null;
    async function measure() {
      const s = strategies.find((x) => x.name === strategy.value);
      const k = Number(m.value);
      const exact = k >= 1 && k <= 8 && s && !s.needs.includes('coins');
      const p = params();
      const sim = { ...p, trials: String(Math.max(1, Math.min(2000, Math.floor(4e7 / (k * k || 1))))) };
      measuring?.abort();
      const ctl = new AbortController();
      measuring = ctl;
      measureBtn.disabled = true;
      clear(measureText, h('p', { class: 'more' }, exact ? `Playing all ${k}! deals…` : `Playing ${sim.trials} games…`));
      histSvg.replaceChildren();
      try {
        const ex = exact ? await api('cardflip/exact', p, { signal: ctl.signal }) : null;
        const r = await api('cardflip/simulate', sim, { signal: ctl.signal });
        if (measuring !== ctl) return;
        const head = `${r.strategy}, m = ${r.m} (${r.rules}): `;
        clear(measureText, h('p', { class: 'cfmeasure', 'data-m': String(r.m) }, ex
          ? `${head}E[X] = ${ex.fraction}${ex.fraction.includes('/') ? ` = ${ex.mean.toFixed(4)}` : ''} exactly, over all ${ex.deals} deals (min ${ex.min}, max ${ex.max})`
          : `${head}E[X] = ${r.mean.toFixed(3)} ± ${r.stderr.toFixed(3)} (standard error; ${r.trials} games, seed ${r.seed}; min ${r.min}, max ${r.max})`),
        h('p', { class: 'more' }, `The distribution of X over ${r.trials} seeded games (seed ${r.seed}), the mean dashed:`));
        plotHistogram(histSvg, r.histogram, { mean: ex ? ex.mean : r.mean });
      } catch (e) {
        if (e.name !== 'AbortError') clear(measureText, h('p', { class: 'error', role: 'alert' }, e.message));
      } finally {
        if (measuring === ctl) {
          measuring = null;
          measureBtn.disabled = false;
        }
      }
    }
    // A measurement belongs to the strategy, m and rules it was made for:
    // changing any of them clears it.
    const stale = () => {
      measuring?.abort();
      clear(measureText);
      histSvg.replaceChildren();
    };

    const params = () => ({ strategy: strategy.value, m: m.value, seed: seed.value, players: players.value.trim() || '∞', model: model.value, variant: variant.value });
    function run() {
      app.go('cardflip', params());
    }

    async function load(p) {
      pause();
      clear(runMsg);
      try {
        trace = await api('cardflip/play', p);
      } catch (e) {
        trace = null;
        clear(runMsg, h('p', { class: 'error', role: 'alert' }, e.message));
        clear(row);
        rulesText.textContent = '';
        for (const b of [playBtn, stepBtn, endBtn]) b.disabled = true;
        return;
      }
      frame = 0;
      slider.max = String(frames() - 1);
      for (const b of [playBtn, stepBtn, endBtn]) b.disabled = false;
      dealText.textContent = `The deal, hidden from the players: ${trace.deal.join(' ')}` + (trace.truncated ? ` · the trace shows the first ${trace.steps.length} of ${trace.x} turn${trace.x === 1 ? '' : 's'}` : '');
      rulesText.textContent = `Rules: ${trace.rules}`;
      sizeCards(row, trace.m);
      clear(traceList, trace.steps.map((st) => h('li', { 'data-turn': String(st.turn) },
        h('span', { class: 'tn' }, String(st.turn)), ' ', rowText(st.before, st.look), `  ${st.value} → ${st.up ? 'UP' : 'down'} at ${st.to}  `, rowText(st.after, -1))));
      render();
      play();
    }

    function render() {
      if (!trace) return;
      slider.value = String(frame);
      const t = Math.ceil(frame / 2); // the turn shown
      const step = t > 0 ? trace.steps[t - 1] : null;
      const looking = frame % 2 === 1;
      const cards = step ? (looking ? step.before : step.after) : new Array(trace.m).fill(0);
      clear(row, cards.map((v, i) => {
        let cls = 'fc' + (v ? ' up' : ' down');
        let label = v ? String(v) : '';
        if (step && looking && i === step.look) {
          cls += ' peek';
          label = String(step.value);
        } else if (step && !looking && i === step.to) {
          cls += step.up ? ' placed up' : ' placed';
          if (!step.up) label = String(step.value);
        }
        return h('span', { class: cls, 'data-pos': String(i), title: `position ${i}` }, label);
      }));
      for (const li of traceList.children) li.classList.toggle('current', li.dataset.turn === String(t));
      scrollTo(traceList, traceList.querySelector('li.current'));
      const ups = cards.filter((v) => v).length;
      const done = step && step.end && !looking;
      status.className = 'status' + (done ? ' won' : '');
      status.textContent = step
        ? (done ? `Done: card ${trace.m} is face up after X = ${trace.x} turn${trace.x === 1 ? '' : 's'}.` : `Turn ${t} of ${trace.x} · ${ups} of ${trace.m} face up`)
        : `${trace.strategy}, m = ${trace.m} (${trace.rules}), seed ${trace.seed}: X = ${trace.x} turn${trace.x === 1 ? '' : 's'}. Press Play.`;
      if (step) {
        const who = step.player >= 0 ? `Player ${step.player + 1}` : 'A new player';
        log.textContent = looking
          ? `${who} looks at position ${step.look}: it is ${step.value}${step.value === ups + 1 ? ', the next number' : ''}.`
          : `${step.value} ${step.up ? 'turned face up' : 'put back face down'} at position ${step.to}.`;
      } else {
        log.textContent = 'Every card is face down.';
      }
    }

    function advance() {
      if (!trace || frame >= frames() - 1) {
        pause();
        return;
      }
      frame++;
      render();
    }
    function play() {
      if (!trace) return;
      if (frame >= frames() - 1) frame = 0;
      pause();
      timer = setInterval(advance, 500 / Number(speed.value));
      playBtn.textContent = 'Pause';
    }
    function pause() {
      clearInterval(timer);
      timer = null;
      playBtn.textContent = 'Play';
    }
    speed.addEventListener('change', () => { if (timer) play(); });
    slider.addEventListener('input', () => { pause(); frame = Number(slider.value); render(); });

    // Compare strategies.
    const from = h('input', { id: 'cf-from', type: 'number', min: '1', max: '200', value: '2', 'aria-label': 'From m' });
    const to = h('input', { id: 'cf-to', type: 'number', min: '1', max: '200', value: '100', 'aria-label': 'To m' });
    const every = h('input', { id: 'cf-every', type: 'number', min: '1', value: '2', 'aria-label': 'Every' });
    const trials = h('input', { id: 'cf-trials', type: 'number', min: '1', max: '5000', value: '200', 'aria-label': 'Trials' });
    const scale = h('select', { id: 'cf-scale', 'aria-label': 'Scale' },
      h('option', { value: 'log' }, 'E[X], log scale'), h('option', { value: 'linear' }, 'E[X]'), h('option', { value: 'norm' }, 'E[X] / (m log₂ m)'));
    const go = h('button', { id: 'cf-compare', onclick: () => compare() }, 'Compare');
    const cancel = h('button', { id: 'cf-cancel', class: 'danger', hidden: true, onclick: () => controller?.abort() }, 'Cancel');
    const bar = h('div', { class: 'bar' }, h('div', { class: 'fill' }));
    const progressText = h('span', { id: 'cf-progress-text' });
    const progress = h('div', { class: 'progress', hidden: true }, bar, progressText);
    const cmpMsg = h('div', { id: 'cf-compare-message' });
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.id = 'cf-plot';
    svg.classList.add('plot', 'compare');
    const table = h('div', { id: 'cf-table', class: 'tablewrap short' });
    let rows = [];
    let controller = null;

    async function compare() {
      const a = Number(from.value);
      const b = Number(to.value);
      const k = Math.max(1, Number(every.value) || 1);
      if (!(a >= 1 && b >= a && b <= 200)) {
        clear(cmpMsg, h('p', { class: 'error' }, 'Choose 1 ≤ from ≤ to ≤ 200.'));
        return;
      }
      const ms = [];
      for (let v = a; v <= b; v += k) ms.push(v);
      if (ms[ms.length - 1] !== b) ms.push(b);
      controller?.abort();
      const ctl = new AbortController();
      controller = ctl;
      rows = [];
      clear(cmpMsg);
      progress.hidden = false;
      cancel.hidden = false;
      go.disabled = true;
      const t0 = performance.now();
      try {
        for (const [i, v] of ms.entries()) {
          progressText.textContent = `m = ${v} (${i + 1} of ${ms.length})…`;
          bar.firstChild.style.width = `${(100 * i) / ms.length}%`;
          const got = await api('cardflip/compare', { m: String(v), trials: trials.value, seed: '1' }, { signal: ctl.signal });
          rows.push(...got);
          draw();
        }
        bar.firstChild.style.width = '100%';
        progressText.textContent = `done: ${ms.length} values of m in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
      } catch (e) {
        if (e.name === 'AbortError') {
          progressText.textContent = 'canceled';
          clear(cmpMsg, h('p', { class: 'warn', role: 'status' }, `Canceled after ${rows.length} values of m.`));
        } else {
          progressText.textContent = 'stopped';
          clear(cmpMsg, h('p', { class: 'error', role: 'alert' }, e.message));
        }
      } finally {
        if (controller === ctl) {
          controller = null;
          cancel.hidden = true;
          go.disabled = false;
        }
      }
    }

    // draw plots the rows and tables the last 12: each strategy's column
    // in its colour, the best strategy's marked, and in each row the least
    // E[X] in bold.
    function draw() {
      plotCompare(svg, rows, { scale: scale.value, best });
      const last = rows[rows.length - 1];
      if (!last) return;
      clear(table, h('table', { class: 'seqtable cftable' },
        h('thead', {}, h('tr', {}, h('th', {}, 'm'), last.strategies.map((c) => h('th', { style: `color:${strategyColors[c.strategy] ?? ''}`, class: c.strategy === best ? 'best' : '', 'data-strategy': c.strategy },
          c.strategy, c.strategy === best ? h('span', { class: 'bestmark' }, ' (best)') : '')), h('th', {}, '2m − H_m'))),
        h('tbody', {}, rows.slice().reverse().slice(0, 12).map((r) => {
          const least = Math.min(...r.strategies.filter((c) => c.measured).map((c) => c.mean));
          return h('tr', {}, h('th', {}, String(r.m)),
            r.strategies.map((c) => h('td', { class: c.measured && c.mean === least ? 'least' : '', title: c.exact ? 'exact' : c.measured ? `± ${c.stderr.toFixed(2)} (standard error)` : 'closed form (not simulated)' },
              c.mean.toFixed(c.exact ? 2 : 1) + (c.exact ? '' : c.measured ? '' : ' *'))),
            h('td', {}, r.lower_bound.toFixed(2)));
        }))),
      h('p', { class: 'more' }, `The largest m first; exact over all deals for m ≤ 7, else the mean of the trials; * = closed form only; the least E[X] of a row in bold${best ? `; ${best} is the best strategy we know (the lab's default)` : ''}. Measured under the standard rules, table-only, n = ∞ (the rules above are for the run).`));
    }
    scale.addEventListener('change', draw);
    let resized;
    window.addEventListener('resize', () => {
      clearTimeout(resized);
      resized = setTimeout(() => { if (rows.length && !section.hidden) draw(); }, 150);
    });

    // Play it yourself: the cooperative game by hand. The engine keeps the
    // rules and the hidden deal (/api/cardflip/human replays the actions
    // so far); the page keeps the list of actions.
    const hm = h('input', { id: 'cf-h-m', type: 'number', min: '1', max: '100', value: '8', 'aria-label': 'm cards (by hand)' });
    const hseed = h('input', { id: 'cf-h-seed', type: 'number', min: '0', value: '1', 'aria-label': 'Seed (by hand)' });
    const hvariant = h('select', { id: 'cf-h-variant', 'aria-label': 'Variant (by hand)' },
      ['standard', 'fixed'].map((v) => h('option', { value: v, title: VARIANTS[v][1] }, VARIANTS[v][0])));
    const hrow = h('div', { id: 'cf-h-row', class: 'cfrow' });
    const hstatus = h('p', { id: 'cf-h-status', class: 'status' }, 'Deal, then click a face-down card to look at it.');
    const hmsg = h('div', { id: 'cf-h-message' });
    const hup = h('button', { id: 'cf-h-up', disabled: true, onclick: () => place(true) }, 'Turn it face up here');
    const hdown = h('button', { id: 'cf-h-down', class: 'secondary', disabled: true, onclick: () => place(false) }, 'Put it back face down');
    const hundo = h('button', { id: 'cf-h-undo', class: 'secondary', disabled: true, onclick: () => act(actions.slice(0, -1)) }, 'Undo');
    const hlog = h('ol', { id: 'cf-h-log', class: 'cftrace mono' });
    let actions = []; // "L>T", "L>Tu" and a last pending "L", as the API takes them
    let hstate = null;
    let hturns = []; // the completed turns, for the log
    let hticket = 0;

    const hparams = () => ({ m: hm.value, seed: hseed.value, variant: hvariant.value, actions: actions.join(' ') });
    // act asks the engine for the state after the actions next; when it
    // refuses the last one, the actions before stay and its words are shown.
    async function act(next) {
      const before = actions;
      actions = next;
      const mine = ++hticket;
      clear(hmsg);
      try {
        const st = await api('cardflip/human', hparams());
        if (mine !== hticket) return;
        hstate = st;
        hturns = hturns.slice(0, st.turns);
        if (st.last) hturns[st.turns - 1] = st.last;
      } catch (e) {
        if (mine !== hticket) return;
        actions = before;
        if (e.status !== 422) hstate = null;
        clear(hmsg, h('p', { class: 'error', role: 'alert' }, e.message));
      }
      hrender();
    }
    function deal() {
      hturns = [];
      hstate = null;
      act([]);
    }
    // look at position i, or, with a card in hand, put it at index i face
    // down.
    function pick(i) {
      if (!hstate || hstate.done) return;
      const next = actions.slice();
      if (hstate.peek) next[next.length - 1] = `${hstate.peek.look}>${i}`;
      else next.push(String(i));
      act(next);
    }
    function place(up) {
      if (!hstate?.peek) return;
      const next = actions.slice();
      next[next.length - 1] = `${hstate.peek.look}>${hstate.peek.look}${up ? 'u' : ''}`;
      act(next);
    }
    function hrender() {
      const st = hstate;
      hup.disabled = hdown.disabled = !st?.peek;
      hundo.disabled = !actions.length;
      if (!st) {
        clear(hrow);
        return;
      }
      sizeCards(hrow, st.m);
      const ups = st.row.filter((x) => x).length;
      clear(hrow, st.row.map((v, i) => {
        const peek = st.peek && st.peek.look === i;
        const cls = 'fc ' + (v ? 'up' : 'down') + (peek ? ' peek' : '') + (!st.done && !v && !st.peek ? ' pick' : '') + (st.peek && !peek ? ' slot' : '');
        return h('span', {
          class: cls, 'data-pos': String(i),
          title: st.peek ? (peek ? `card ${st.peek.value}, in your hand` : `put card ${st.peek.value} at position ${i}, face down`) : v ? `card ${v}, face up` : `look at position ${i}`,
          onclick: st.done || (v && !st.peek) || peek ? undefined : () => pick(i),
        }, peek ? String(st.peek.value) : v ? String(v) : '');
      }));
      hstatus.className = 'status' + (st.done ? ' won' : '');
      hstatus.textContent = st.done
        ? `Done: card ${st.m} is face up after X = ${st.turns} turns. The deal was ${st.deal.join(' ')}.`
        : st.peek
          ? `Turn ${st.turns + 1}: position ${st.peek.look} holds card ${st.peek.value}${st.peek.value === ups + 1 ? ' — the next card: turn it face up' : ` (the next card is ${ups + 1})`}. Put it back, or click where it should go.`
          : `Turn ${st.turns + 1}: ${ups} of ${st.m} face up; the next card is ${ups + 1}. Click a face-down card to look at it.`;
      clear(hlog, hturns.map((t) => h('li', {}, h('span', { class: 'tn' }, String(t.turn)), ' ', rowText(t.before, t.look), `  ${t.value} → ${t.up ? 'UP' : 'down'} at ${t.to}  `, rowText(t.after, -1))));
      scrollTo(hlog, hlog.lastElementChild);
    }
    for (const el of [hm, hseed, hvariant]) el.addEventListener('change', deal);

    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'Card-flip lab'),
        h('p', {}, 'm cards numbered 1..m lie face down in a row. Each turn a player looks at one face-down card; if it is the next number it may be turned face up, and either way it may be put anywhere in the row. The game ends at once when the card looked at is m with 1..m−1 face up; X is the number of turns. With n = ∞ every turn is a new player who sees only the row.')),
      h('div', { class: 'grid cf' },
        h('div', { class: 'card' }, h('h2', {}, 'Run a strategy'),
          h('label', { class: 'field' }, h('span', {}, 'Strategy'), strategy), about,
          h('div', { class: 'row' },
            h('label', { class: 'field' }, h('span', {}, 'm cards'), m),
            h('label', { class: 'field' }, h('span', {}, 'Seed'), seed),
            h('label', { class: 'field' }, h('span', {}, 'Players n'), players, playersList)),
          h('div', { class: 'row' },
            h('label', { class: 'field' }, h('span', {}, 'A player knows'), model),
            h('label', { class: 'field' }, h('span', {}, 'Variant'), variant)),
          variantAbout,
          h('div', { class: 'row' }, h('button', { id: 'cf-run', onclick: run }, 'Deal and run'), measureBtn),
          runMsg, measureText, histSvg),
        h('div', { class: 'card' }, h('h2', {}, 'Trace'), status, row, log,
          h('div', { class: 'row controls' }, playBtn, stepBtn, endBtn, speed, slider), dealText, rulesText,
          traceLegend, traceList)),
      h('div', { class: 'card' }, h('div', { class: 'cardhead' }, h('h2', {}, 'Compare the strategies'), h('label', { class: 'inline' }, 'Plot ', scale)),
        h('div', { class: 'grid cfcmp' },
          h('div', {},
            h('div', { class: 'row' },
              h('label', { class: 'field' }, h('span', {}, 'From m'), from),
              h('label', { class: 'field' }, h('span', {}, 'To m'), to)),
            h('div', { class: 'row' },
              h('label', { class: 'field' }, h('span', {}, 'Every'), every),
              h('label', { class: 'field' }, h('span', {}, 'Trials per m'), trials)),
            h('div', { class: 'row' }, go, cancel), progress, cmpMsg),
          svg),
        table),
      h('div', { class: 'card cfhand', id: 'cf-hand' }, h('h2', {}, 'Play it yourself'),
        h('p', { class: 'more' }, 'The cooperative game by hand: you are every player, with a perfect memory (n = 1). Click a face-down card to look at it; turn it face up if it is the next number, or put it back, or click another place in the row to move it there face down. The server deals and keeps the rules: it refuses a move they forbid.'),
        h('div', { class: 'row' },
          h('label', { class: 'field small' }, h('span', {}, 'm cards'), hm),
          h('label', { class: 'field small' }, h('span', {}, 'Seed'), hseed),
          h('label', { class: 'field small' }, h('span', {}, 'Variant'), hvariant),
          h('button', { id: 'cf-h-deal', onclick: deal }, 'Deal')),
        hstatus, hrow,
        h('div', { class: 'row wrap' }, hup, hdown, hundo),
        hmsg, hlog));

    let compared = false;
    return {
      async show(p) {
        await loadStrategies();
        const before = JSON.stringify(params());
        if (rows.length) draw(); // drawn while hidden: redraw at the real width
        if (p.strategy) strategy.value = p.strategy;
        if (p.m) m.value = p.m;
        if (p.seed) seed.value = p.seed;
        if (p.players) players.value = p.players === '0' ? '∞' : p.players;
        // The CLI's words read back (table-only, fixed-after-look, …).
        if (p.model) model.value = { 'table-only': 'table', 'table+turn': 'turn' }[p.model] ?? p.model;
        if (p.variant) variant.value = { 'free-communication': 'free', 'fixed-after-look': 'fixed' }[p.variant] ?? p.variant;
        describe();
        if (JSON.stringify(params()) !== before) stale();
        // An unknown word leaves a select empty: send it as it is, so the
        // server names the problem.
        const asked = { ...params() };
        if (!model.value) asked.model = p.model;
        if (!variant.value) asked.variant = p.variant;
        await load(asked);
        if (!hstate && !hticket) deal();
        // The comparison runs when asked: the Compare button, or a link
        // with compare=1 (issue 31: not on every visit).
        if (!compared && p.compare === '1') {
          compared = true;
          compare();
        }
      },
    };
  },
};

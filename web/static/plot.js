// plotSequence draws a nim-sequence G(start..) as an SVG scatter plot, by
// hand (no library): dots joined by a faint line for short sequences, and
// for long ones a tick per pixel column and value row, so a million values
// draw as fast as a thousand.
const NS = 'http://www.w3.org/2000/svg';

// s makes an SVG element with attributes and text.
export function s(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// niceStep returns a round tick step (1, 2 or 5 × 10^k) giving about n ticks.
function niceStep(range, n) {
  const raw = Math.max(range / n, 1);
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

// The plot is drawn at the SVG's displayed width (in CSS pixels), so text
// keeps its size; width and height may be given instead. With
// period = {preperiod, period} (G(n + period) = G(n) for n ≥ preperiod), the
// pre-period is shaded and the period boundaries are drawn.
export function plotSequence(svg, seq, { width = Math.round(svg.getBoundingClientRect().width) || 1100, height = 360, period } = {}) {
  const values = seq.values;
  const n0 = seq.start;
  const n1 = n0 + Math.max(values.length - 1, 1);
  const vmax = values.reduce((a, b) => (b > a ? b : a), 1);
  const m = { l: 44, r: 30, t: 26, b: 36 };
  const W = width - m.l - m.r;
  const H = height - m.t - m.b;
  const x = (n) => m.l + ((n - n0) / (n1 - n0)) * W;
  const y = (v) => m.t + H - (v / vmax) * H;

  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `plot of G(n) for n = ${n0} to ${n0 + values.length - 1}`);

  const grid = s('g', { class: 'grid' });
  const ystep = niceStep(vmax, 6);
  for (let v = 0; v <= vmax; v += ystep) {
    grid.append(s('line', { x1: m.l, x2: m.l + W, y1: y(v), y2: y(v) }));
    grid.append(s('text', { x: m.l - 8, y: y(v) + 4, 'text-anchor': 'end' }, String(v)));
  }
  const xstep = niceStep(n1 - n0, 10);
  for (let t = Math.ceil(n0 / xstep) * xstep; t <= n1; t += xstep) {
    grid.append(s('line', { x1: x(t), x2: x(t), y1: m.t + H, y2: m.t + H + 5 }));
    grid.append(s('text', { x: x(t), y: m.t + H + 20, 'text-anchor': 'middle' }, String(t)));
  }
  grid.append(s('text', { x: m.l + W, y: height - 2, 'text-anchor': 'end', class: 'axis' }, 'n'));
  grid.append(s('text', { x: m.l - 8, y: 12, 'text-anchor': 'end', class: 'axis' }, 'G(n)'));
  svg.append(grid);
  svg.append(s('line', { class: 'axisline', x1: m.l, x2: m.l + W, y1: m.t + H, y2: m.t + H }));

  if (period && period.period > 0) {
    const marks = s('g', { class: 'period' });
    const pre = Math.min(Math.max(period.preperiod, n0), n1);
    if (pre > n0) {
      marks.append(s('rect', { class: 'preperiod', x: x(n0), y: m.t, width: x(pre) - x(n0), height: H }));
      marks.append(s('text', { x: x(n0) + 4, y: m.t + 12 }, `pre-period ${n0}..${pre - 1}`));
    }
    const lines = Math.floor((n1 - pre) / period.period);
    for (let k = 0; k <= lines && k <= 200; k++) {
      const at = pre + k * period.period;
      marks.append(s('line', { class: 'boundary', x1: x(at), x2: x(at), y1: m.t, y2: m.t + H }));
    }
    marks.append(s('text', { x: x(pre) + 4, y: m.t + (pre > n0 ? 26 : 12) }, `period ${period.period} from n = ${pre}`));
    svg.append(marks);
  }

  const data = s('g', { class: 'data' });
  if (values.length <= W / 3) {
    const pts = values.map((v, i) => `${x(n0 + i).toFixed(1)},${y(v).toFixed(1)}`);
    data.append(s('polyline', { class: 'trace', points: pts.join(' ') }));
    values.forEach((v, i) => {
      const c = s('circle', { cx: x(n0 + i).toFixed(1), cy: y(v).toFixed(1), r: 3, class: v === 0 ? 'zero' : 'dot' });
      c.append(s('title', {}, `G(${n0 + i}) = ${v}`));
      data.append(c);
    });
  } else {
    // One short tick per pixel column and pixel row where some value of
    // the column falls: bands show which values occur where, and the
    // drawing stays bounded by the plot's pixels however long the sequence.
    const cols = Math.floor(W);
    let d = '';
    for (let c = 0; c < cols; c++) {
      const a = Math.floor((c / cols) * values.length);
      const b = Math.max(a + 1, Math.floor(((c + 1) / cols) * values.length));
      const rows = new Set();
      for (let i = a; i < b && i < values.length; i++) rows.add(Math.round(y(values[i])));
      const px = (m.l + c).toFixed(1);
      for (const r of rows) d += `M${px} ${r}h1.2`;
    }
    data.append(s('path', { class: 'columns', d }));
  }
  svg.append(data);
  return svg;
}

// Colors of the card-flip strategies, in CompareStrategies order.
export const strategyColors = {
  random: '#adb5bd',
  'front-to-back': '#e8590c',
  partition: '#2b8a3e',
  'divide-conquer': '#7048e8',
  stacks: '#3b5bdb',
  'lower bound': '#c92a2a',
};

// plotCompare draws E[X] against m for each strategy of card-flip compare
// rows (the JSON of /api/cardflip/compare), with the lower bound 2m − H_m
// dashed. scale is 'linear', 'log' (log y axis) or 'norm' (E[X]/(m·log2 m)).
// A strategy known only by its closed form (measured: false) is drawn
// dotted.
export function plotCompare(svg, rows, { width = Math.round(svg.getBoundingClientRect().width) || 1100, height = 380, scale = 'log' } = {}) {
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  const m = { l: 58, r: 150, t: 18, b: 36 };
  const W = width - m.l - m.r;
  const H = height - m.t - m.b;
  if (!rows.length) return svg;
  const f = (row, v) => (scale === 'norm' ? (row.m >= 2 ? v / (row.m * Math.log2(row.m)) : null) : v);
  const series = new Map();
  const add = (name, row, v, measured, extra) => {
    const y = f(row, v);
    if (y === null || !(y > 0)) return;
    if (!series.has(name)) series.set(name, []);
    series.get(name).push({ m: row.m, y, measured, ...extra });
  };
  for (const row of rows) {
    for (const c of row.strategies) add(c.strategy, row, c.mean, c.measured, { exact: c.exact, stderr: c.stderr, mean: c.mean });
    add('lower bound', row, row.lower_bound, true, { exact: true, mean: row.lower_bound });
  }
  const all = [...series.values()].flat();
  const m0 = Math.min(...rows.map((r) => r.m));
  const m1 = Math.max(m0 + 1, ...rows.map((r) => r.m));
  let y0 = 0;
  let y1 = Math.max(...all.map((p) => p.y)) * 1.05;
  const log = scale === 'log';
  if (log) {
    y0 = Math.log10(Math.min(...all.map((p) => p.y)));
    y1 = Math.log10(Math.max(...all.map((p) => p.y)));
    y0 = Math.floor(y0);
    y1 = Math.max(y0 + 1, Math.ceil(y1 * 10) / 10);
  }
  const x = (v) => m.l + ((v - m0) / (m1 - m0)) * W;
  const y = (v) => m.t + H - (((log ? Math.log10(v) : v) - y0) / (y1 - y0)) * H;

  const grid = s('g', { class: 'grid' });
  if (log) {
    for (let e = Math.ceil(y0); e <= y1; e++) {
      for (const k of [1, 2, 5]) {
        const v = k * 10 ** e;
        if (Math.log10(v) > y1) break;
        grid.append(s('line', { x1: m.l, x2: m.l + W, y1: y(v), y2: y(v) }));
        grid.append(s('text', { x: m.l - 8, y: y(v) + 4, 'text-anchor': 'end' }, v >= 1e4 ? `${v / 1000}k` : String(v)));
      }
    }
  } else {
    const step = niceStepF(y1, 6);
    for (let v = 0; v <= y1; v += step) {
      grid.append(s('line', { x1: m.l, x2: m.l + W, y1: y(v), y2: y(v) }));
      grid.append(s('text', { x: m.l - 8, y: y(v) + 4, 'text-anchor': 'end' }, String(+v.toFixed(2))));
    }
  }
  const xstep = niceStep(m1 - m0, 10);
  for (let t = Math.ceil(m0 / xstep) * xstep; t <= m1; t += xstep) {
    grid.append(s('line', { x1: x(t), x2: x(t), y1: m.t + H, y2: m.t + H + 5 }));
    grid.append(s('text', { x: x(t), y: m.t + H + 20, 'text-anchor': 'middle' }, String(t)));
  }
  grid.append(s('text', { x: m.l + W, y: height - 2, 'text-anchor': 'end', class: 'axis' }, 'm'));
  grid.append(s('text', { x: 4, y: 12, class: 'axis' }, scale === 'norm' ? 'E[X] / (m log₂ m)' : 'E[X]'));
  svg.append(grid);
  svg.append(s('line', { class: 'axisline', x1: m.l, x2: m.l + W, y1: m.t + H, y2: m.t + H }));

  const data = s('g', { class: 'data' });
  let ly = m.t + 8;
  for (const [name, pts] of series) {
    const color = strategyColors[name] ?? '#495057';
    const g = s('g', { class: 'series', 'data-strategy': name });
    const measured = pts.filter((p) => p.measured);
    const line = (ps, cls) => {
      if (ps.length > 1) g.append(s('polyline', { class: cls, stroke: color, points: ps.map((p) => `${x(p.m).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ') }));
    };
    line(pts, name === 'lower bound' ? 'bound' : measured.length === pts.length ? 'curve' : 'curve closed');
    if (name !== 'lower bound' && pts.length <= 120) {
      for (const p of measured) {
        const c = s('circle', { cx: x(p.m).toFixed(1), cy: y(p.y).toFixed(1), r: 2.6, fill: color });
        c.append(s('title', {}, `${name}, m = ${p.m}: E[X] = ${p.mean.toFixed(2)}${p.exact ? ' (exact)' : ` ± ${p.stderr.toFixed(2)}`}`));
        g.append(c);
      }
    }
    data.append(g);
    // The legend, at the right.
    const lg = s('g', { class: 'legend' });
    lg.append(s('line', { x1: width - m.r + 14, x2: width - m.r + 36, y1: ly, y2: ly, stroke: color, class: name === 'lower bound' ? 'bound' : 'curve' }));
    lg.append(s('text', { x: width - m.r + 42, y: ly + 4 }, name === 'lower bound' ? '2m − H_m' : name));
    data.append(lg);
    ly += 20;
  }
  svg.append(data);
  return svg;
}

function niceStepF(range, n) {
  const raw = range / n;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const k of [1, 2, 5, 10]) if (k * p >= raw) return k * p;
  return 10 * p;
}

// plotHistogram draws the distribution of X (the histogram of
// /api/cardflip/simulate: the X that occurred, with their numbers of
// games) as bars, merging neighbouring X into at most 60 bins, with the
// mean as a dashed line.
export function plotHistogram(svg, bins, { width = Math.round(svg.getBoundingClientRect().width) || 600, height = 220, mean } = {}) {
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  if (!bins?.length) return svg;
  const m = { l: 48, r: 14, t: 12, b: 34 };
  const W = width - m.l - m.r;
  const H = height - m.t - m.b;
  const x0 = bins[0].x;
  const x1 = bins[bins.length - 1].x + 1;
  const span = Math.max(1, Math.ceil((x1 - x0) / 60)); // X per bar
  const bars = new Map();
  let total = 0;
  for (const b of bins) {
    const k = Math.floor((b.x - x0) / span);
    bars.set(k, (bars.get(k) ?? 0) + b.games);
    total += b.games;
  }
  const nbars = Math.ceil((x1 - x0) / span);
  const ymax = Math.max(...bars.values());
  const x = (v) => m.l + ((v - x0) / (x1 - x0)) * W;
  const y = (c) => m.t + H - (c / ymax) * H;
  svg.setAttribute('aria-label', `histogram of X over ${total} games, X from ${x0} to ${x1 - 1}`);
  const grid = s('g', { class: 'grid' });
  const ystep = niceStep(ymax, 4);
  for (let c = 0; c <= ymax; c += ystep) {
    grid.append(s('line', { x1: m.l, x2: m.l + W, y1: y(c), y2: y(c) }));
    grid.append(s('text', { x: m.l - 6, y: y(c) + 4, 'text-anchor': 'end' }, String(c)));
  }
  const xstep = niceStep(x1 - x0, 8);
  for (let t = Math.ceil(x0 / xstep) * xstep; t < x1; t += xstep) {
    grid.append(s('text', { x: x(t + span / 2), y: m.t + H + 18, 'text-anchor': 'middle' }, String(t)));
  }
  grid.append(s('text', { x: m.l + W, y: height - 2, 'text-anchor': 'end', class: 'axis' }, 'X (turns)'));
  grid.append(s('text', { x: 4, y: 10, class: 'axis' }, 'games'));
  svg.append(grid);
  const g = s('g', { class: 'bars' });
  for (let k = 0; k < nbars; k++) {
    const c = bars.get(k);
    if (!c) continue;
    const lo = x0 + k * span;
    const r = s('rect', { x: x(lo) + 0.5, y: y(c), width: Math.max(1, x(lo + span) - x(lo) - 1), height: m.t + H - y(c), 'data-x': String(lo), 'data-games': String(c) });
    r.append(s('title', {}, `${span > 1 ? `X = ${lo}..${lo + span - 1}` : `X = ${lo}`}: ${c} games`));
    g.append(r);
  }
  svg.append(g);
  if (mean !== undefined) {
    svg.append(s('line', { class: 'mean', x1: x(mean), x2: x(mean), y1: m.t, y2: m.t + H }));
    svg.append(s('text', { class: 'meanlabel', x: x(mean) + 4, y: m.t + 10 }, `E[X] = ${mean.toFixed(2)}`));
  }
  svg.append(s('line', { class: 'axisline', x1: m.l, x2: m.l + W, y1: m.t + H, y2: m.t + H }));
  return svg;
}

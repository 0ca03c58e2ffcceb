// The card-flip lab's charts: E[X] of the strategies against m (the rows
// of /api/cardflip/compare) and the distribution of X (the histogram of
// /api/cardflip/simulate), drawn by hand as SVG at the element's width.
import { s, niceStep } from './plot.js';

// The colour of each strategy of cardflip.CompareStrategies and of the
// bound 2m − H_m: one distinct colour each, the same as the CLI's plot
// (cardflip/chart.Palette; TestPaletteMatchesTheWeb reads this table).
export const strategyColors = {
  random: '#868e96',
  'front-to-back': '#e8590c',
  partition: '#2b8a3e',
  'divide-conquer': '#7048e8',
  halving: '#c2255c',
  stacks: '#1098ad',
  comb: '#3b5bdb',
  ordered: '#8f5b1d',
  skewed: '#e03131',
  'lower bound': '#212529',
};

// legendLabel is a series' name in the legend: the bound by its formula,
// the best strategy (best, cardflip.BestName) marked.
const legendLabel = (name, best) => (name === 'lower bound' ? '2m − H_m' : name === best ? `${name} (best)` : name);

// plotCompare draws E[X] against m for each strategy of card-flip compare
// rows (the JSON of /api/cardflip/compare), with the lower bound 2m − H_m
// dashed. scale is 'linear', 'log' (log y axis) or 'norm' (E[X]/(m·log2 m)).
// A strategy known only by its closed form (measured: false) is drawn
// dotted; best (the name of the best strategy) is drawn thicker and named
// so. The legend stands right of the plot, or under it when the plot is
// narrow (a phone); the m axis has a label per 60 px or so, so that the
// labels never touch.
export function plotCompare(svg, rows, { width = Math.round(svg.getBoundingClientRect().width) || 1100, height = 380, scale = 'log', best = '' } = {}) {
  svg.replaceChildren();
  svg.setAttribute('role', 'img');
  const narrow = width < 640;
  const m = { l: narrow ? 46 : 58, r: narrow ? 12 : 150, t: 18, b: 36 };
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
  // Under a narrow plot the legend takes rows of items as wide as their
  // labels (about 7 px a character at 13 px), below the m axis.
  const items = [];
  let lx = m.l;
  let lrow = 0;
  for (const name of series.keys()) {
    const w = 36 + 7.2 * legendLabel(name, best).length + 14;
    if (narrow && lx + w > width - 4 && lx > m.l) {
      lx = m.l;
      lrow++;
    }
    items.push({ name, x: lx, row: lrow });
    lx += w;
  }
  const legendH = narrow && items.length ? (lrow + 1) * 20 + 8 : 0;
  svg.setAttribute('viewBox', `0 0 ${width} ${height + legendH}`);
  const W = width - m.l - m.r;
  const H = height - m.t - m.b;
  if (!rows.length) return svg;
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
  const xstep = niceStep(m1 - m0, Math.max(2, Math.min(10, Math.floor(W / 60))));
  for (let t = Math.ceil(m0 / xstep) * xstep; t <= m1; t += xstep) {
    grid.append(s('line', { x1: x(t), x2: x(t), y1: m.t + H, y2: m.t + H + 5 }));
    grid.append(s('text', { class: 'xtick', x: x(t), y: m.t + H + 20, 'text-anchor': 'middle' }, String(t)));
  }
  grid.append(s('text', { x: m.l + W, y: height - 2, 'text-anchor': 'end', class: 'axis' }, 'm'));
  grid.append(s('text', { x: 4, y: 12, class: 'axis' }, scale === 'norm' ? 'E[X] / (m log₂ m)' : 'E[X]'));
  svg.append(grid);
  svg.append(s('line', { class: 'axisline', x1: m.l, x2: m.l + W, y1: m.t + H, y2: m.t + H }));

  const data = s('g', { class: 'data' });
  let ly = m.t + 8;
  for (const [i, [name, pts]] of [...series].entries()) {
    const color = strategyColors[name] ?? '#495057';
    const mark = name === best ? ' best' : '';
    const g = s('g', { class: 'series' + mark, 'data-strategy': name });
    const measured = pts.filter((p) => p.measured);
    const line = (ps, cls) => {
      if (ps.length > 1) g.append(s('polyline', { class: cls + mark, stroke: color, points: ps.map((p) => `${x(p.m).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ') }));
    };
    line(pts, name === 'lower bound' ? 'bound' : measured.length === pts.length ? 'curve' : 'curve closed');
    if (name !== 'lower bound' && pts.length <= 120) {
      for (const p of measured) {
        const c = s('circle', { cx: x(p.m).toFixed(1), cy: y(p.y).toFixed(1), r: name === best ? 3.2 : 2.6, fill: color });
        c.append(s('title', {}, `${name}, m = ${p.m}: E[X] = ${p.mean.toFixed(2)}${p.exact ? ' (exact)' : ` ± ${p.stderr.toFixed(2)}`}`));
        g.append(c);
      }
    }
    data.append(g);
    // The legend: at the right, or under the plot.
    const lg = s('g', { class: 'legend' + mark, 'data-strategy': name });
    let lx0 = width - m.r + 14;
    let lyi = ly;
    if (narrow) {
      lx0 = items[i].x;
      lyi = height + 8 + items[i].row * 20;
    }
    lg.append(s('line', { x1: lx0, x2: lx0 + 22, y1: lyi, y2: lyi, stroke: color, class: (name === 'lower bound' ? 'bound' : 'curve') + mark }));
    lg.append(s('text', { x: lx0 + 28, y: lyi + 4 }, legendLabel(name, best)));
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

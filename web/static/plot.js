// plotSequence draws a nim-sequence G(start..) as an SVG scatter plot, by
// hand (no library): dots joined by a faint line for short sequences, and
// for long ones a tick per pixel column and value row, so a million values
// draw as fast as a thousand. Every value is placed by the same linear
// scale (x(n)), dots or ticks alike, so no stretch of n is drawn wider
// than another; the axis labels are as many as the width holds, and the
// period's labels sit above the plot, off its boundary lines.
const NS = 'http://www.w3.org/2000/svg';

// s makes an SVG element with attributes and text.
export function s(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// niceStep returns a round tick step (1, 2 or 5 × 10^k) giving about n ticks.
export function niceStep(range, n) {
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
  // The top margin holds the period's labels, one line each.
  const labels = period && period.period > 0 ? (period.preperiod > n0 ? 2 : 1) : 0;
  const m = { l: 44, r: 30, t: 26 + 15 * Math.max(labels - 1, 0), b: 36 };
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
  // As many labels as fit: about 9 px a digit and a gap of 3 digits.
  const digits = String(n1).length;
  const xstep = niceStep(n1 - n0, Math.max(2, Math.floor(W / ((digits + 3) * 9))));
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
    }
    // A boundary every `every` periods, at least 8 px apart, so that dense
    // periods do not cover the values.
    const px = (period.period / (n1 - n0)) * W;
    const every = px >= 8 ? 1 : Math.ceil(8 / px);
    const lines = Math.floor((n1 - pre) / (period.period * every));
    for (let k = 0; k <= lines && k <= 200; k++) {
      const at = pre + k * every * period.period;
      marks.append(s('line', { class: 'boundary', x1: x(at), x2: x(at), y1: m.t, y2: m.t + H }));
    }
    // The labels in the top margin, above the lines and the values, one
    // line each (short enough for a phone's width).
    const words = [pre > n0 ? `pre-period ${n0}..${pre - 1} (shaded)` : null,
      `period ${period.period} from n = ${pre}${every > 1 ? ` (a line every ${every})` : ''}`].filter(Boolean);
    words.forEach((w, j) => marks.append(s('text', { class: 'label', x: m.l, y: m.t - 9 - 15 * (words.length - 1 - j) }, w)));
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
    // the column falls, each value in the column x(n) puts it in: bands
    // show which values occur where, evenly (the same scale as the axis),
    // and the drawing stays bounded by the plot's pixels however long the
    // sequence.
    const seen = new Set();
    let d = '';
    values.forEach((v, i) => {
      const c = Math.round(x(n0 + i));
      const r = Math.round(y(v));
      const key = c * 65536 + r;
      if (seen.has(key)) return;
      seen.add(key);
      d += `M${c - 0.6} ${r}h1.2`;
    });
    data.append(s('path', { class: 'columns', d }));
  }
  svg.append(data);
  return svg;
}

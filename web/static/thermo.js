// drawThermograph draws a thermograph as SVG from the points of its walls,
// as the server sends them (/api/partizan/solve, /api/partizan/value):
// each wall a list of {t, x, tf, xf}, the temperature t and the value x as
// exact dyadics written "3/4" (tf, xf the same as floats, for drawing),
// from t = -1 up to where the wall joins the mast.
// The page computes no wall: it only joins the server's points by
// straight lines (each wall is piecewise linear between them) and draws
// the mast above them.
//
// The drawing follows Winning Ways and CGSuite: the temperature upwards,
// the value along the horizontal axis with the positive (Left's) side on
// the LEFT, the Left wall drawn blue and the Right wall red, the mast
// where they meet going up.
import { s } from './plot.js';

// dyadic reads an exact dyadic as the server writes it ("-3/4", "5", or a
// number) into a float, for drawing only: the labels show the strings.
export function dyadic(v) {
  if (typeof v === 'number') return v;
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(String(v).trim());
  if (!m) return NaN;
  return m[2] ? Number(m[1]) / Number(m[2]) : Number(m[1]);
}

// wall returns a wall's points as [{t, x, tText, xText}], by increasing t.
function wall(points) {
  return (points ?? [])
    .map((p) => ({ t: p.tf ?? dyadic(p.t), x: p.xf ?? dyadic(p.x), tText: String(p.t), xText: String(p.x) }))
    .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.x))
    .sort((a, b) => a.t - b.t);
}

// at returns a wall's value at temperature t: on the straight piece
// between the two points around t, the top point's value above them.
function at(w, t) {
  if (t >= w[w.length - 1].t) return w[w.length - 1].x;
  if (t <= w[0].t) return w[0].x;
  for (let i = 1; i < w.length; i++) {
    if (t <= w[i].t) {
      const a = w[i - 1];
      const b = w[i];
      return a.x + ((b.x - a.x) * (t - a.t)) / (b.t - a.t || 1);
    }
  }
  return w[w.length - 1].x;
}

// The height of the mast drawn above the highest point of the walls, and
// the margins, in pixels.
const MAST = 36;
const M = { l: 16, r: 46, t: 18, b: 30 };

// drawThermograph fills svg with the thermograph th = {left, right, mast,
// temperature, left_stop, right_stop} (all but the walls optional: the
// labels, as exact dyadic strings). The SVG scales to its box (viewBox); width and height are the
// drawing's own units, so text keeps its size at the width it is shown.
export function drawThermograph(svg, th, { width = 360, height = 240, label = 'thermograph' } = {}) {
  const lw = wall(th?.left);
  const rw = wall(th?.right);
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  if (lw.length === 0 || rw.length === 0) return;

  const all = [...lw, ...rw];
  let x0 = Math.min(...all.map((p) => p.x));
  let x1 = Math.max(...all.map((p) => p.x));
  const tMin = Math.min(-1, ...all.map((p) => p.t));
  const tTop = Math.max(0, ...all.map((p) => p.t));
  if (x1 - x0 < 1) {
    const c = (x0 + x1) / 2;
    x0 = c - 0.5;
    x1 = c + 0.5;
  }
  const pad = (x1 - x0) * 0.08;
  x0 -= pad;
  x1 += pad;
  const W = width - M.l - M.r;
  const H = height - M.t - M.b - MAST;
  // Positive values on the left: the screen x falls as the value grows.
  const X = (x) => M.l + ((x1 - x) / (x1 - x0)) * W;
  const T = (t) => M.t + MAST + H - ((t - tMin) / (tTop - tMin || 1)) * H;

  const grid = s('g', { class: 'grid' });
  // The line t = 0 (where the game itself is read: its stops), and t = -1.
  for (const [t, text] of [[0, 't = 0'], [tMin, `t = ${tMin}`]]) {
    grid.append(s('line', { x1: M.l, x2: M.l + W, y1: T(t), y2: T(t), class: t === 0 ? 'zero' : '' }));
    grid.append(s('text', { x: M.l + W + 4, y: T(t) + 4 }, text));
  }
  // The value 0, when in range.
  if (x0 < 0 && x1 > 0) grid.append(s('line', { x1: X(0), x2: X(0), y1: M.t, y2: M.t + MAST + H, class: 'zero' }));
  svg.append(grid);

  const line = (pts, cls) => s('polyline', {
    class: cls,
    points: pts.map((p) => `${X(p.x).toFixed(1)},${T(p.t).toFixed(1)}`).join(' '),
  });
  svg.append(line(lw, 'wall left'), line(rw, 'wall right'));
  // The mast: up from the top of the walls (they meet there).
  const top = lw[lw.length - 1];
  svg.append(s('line', { class: 'mast', x1: X(top.x), x2: X(top.x), y1: T(top.t), y2: M.t }));
  svg.append(s('polygon', { class: 'mast', points: `${X(top.x) - 4},${M.t + 7} ${X(top.x) + 4},${M.t + 7} ${X(top.x)},${M.t}` }));

  const labels = s('g', { class: 'labels' });
  // The stops (the walls at t = 0) under the walls, the mean at the
  // mast's top, and the temperature beside the point where the mast starts.
  const ls = at(lw, 0);
  const rs = at(rw, 0);
  labels.append(s('circle', { cx: X(ls), cy: T(0), r: 3.5, class: 'left' }), s('circle', { cx: X(rs), cy: T(0), r: 3.5, class: 'right' }));
  const lsText = th.left_stop ?? String(ls);
  const rsText = th.right_stop ?? String(rs);
  labels.append(s('text', { x: X(ls), y: M.t + MAST + H + 16, 'text-anchor': rsText === lsText ? 'middle' : 'end', class: 'left' }, lsText));
  if (rsText !== lsText) labels.append(s('text', { x: X(rs) + 4, y: M.t + MAST + H + 16, 'text-anchor': 'start', class: 'right' }, rsText));
  labels.append(s('text', { x: X(top.x) + 7, y: M.t + 10 }, `mean ${th.mast ?? top.xText}`));
  const temp = th.temperature ?? top.tText;
  labels.append(s('text', { x: X(top.x) + 7, y: T(top.t) + 4 }, `t = ${temp}`));
  svg.append(labels);
}

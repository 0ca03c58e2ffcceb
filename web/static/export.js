// Exports of the sequences page, written from the server's answers (the
// same values /api/values returns): CSV for spreadsheets, and the b-file
// format of the OEIS ("n a(n)" per line) with the entry's numbering.

// csvOfSequence writes "n,G(n)" rows.
export function csvOfSequence(seq) {
  const lines = ['n,G(n)'];
  seq.values.forEach((v, i) => lines.push(`${seq.start + i},${v}`));
  return lines.join('\n') + '\n';
}

// bfileOf writes the values as an OEIS b-file: "k a(k)" per line, where
// G(n) = a(n − shift) (catalog.Info's oeis_shift), from the first k ≥ 0,
// after a comment naming the game and the command that gives the values.
export function bfileOf(seq, { oeis = '', shift = 0 } = {}) {
  const end = seq.start + seq.values.length - 1;
  const lines = [`# ${oeis ? oeis + ': ' : ''}G(n) of ${seq.game}${shift ? `, a(k) = G(k + ${shift})` : ''}; grundy values ${seq.game} --to ${end}`];
  seq.values.forEach((v, i) => {
    const k = seq.start + i - shift;
    if (k >= 0) lines.push(`${k} ${v}`);
  });
  return lines.join('\n') + '\n';
}

// csvOfTable writes a value table: a header row of b, then a row per a;
// for a coin grid (t.origin) a header row of the columns x, then a row per
// row y of the board, labelled by the board's coordinates.
export function csvOfTable(t) {
  const [x0, y0] = t.origin ?? [0, 0];
  const lines = [(t.origin ? 'y\\x,' : 'a\\b,') + Array.from({ length: t.size }, (_, j) => x0 + j).join(',')];
  t.values.forEach((row, i) => lines.push(`${y0 + i},${row.join(',')}`));
  return lines.join('\n') + '\n';
}

// download points the link a at the text, as a file.
export function download(a, text, name, type = 'text/plain') {
  if (a.href.startsWith('blob:')) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.setAttribute('download', name);
  a.hidden = false;
}

// ---- Plots as files (issue 31): every plot downloads as SVG and as PNG.

const SVGNS = 'http://www.w3.org/2000/svg';
// The style properties that draw a plot: inlined in the file, since the
// page's style sheet does not travel with it.
const DRAWN = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-linecap', 'stroke-opacity', 'opacity',
  'font-family', 'font-size', 'font-style', 'font-weight', 'text-anchor', 'dominant-baseline', 'visibility'];

// svgDocument writes an SVG element as a standalone SVG file: its size,
// the styles the page gives its elements inlined, on a white background.
export function svgDocument(svg) {
  const clone = svg.cloneNode(true);
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    to[i].setAttribute('style', DRAWN.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';'));
    to[i].removeAttribute('class');
  });
  const vb = svg.viewBox?.baseVal;
  const w = Math.round(vb?.width || svg.getBoundingClientRect().width || 800);
  const ht = Math.round(vb?.height || svg.getBoundingClientRect().height || 400);
  clone.removeAttribute('hidden');
  clone.removeAttribute('id');
  clone.setAttribute('xmlns', SVGNS);
  clone.setAttribute('width', String(w));
  clone.setAttribute('height', String(ht));
  if (!clone.getAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${w} ${ht}`);
  const bg = document.createElementNS(SVGNS, 'rect');
  for (const [k, v] of Object.entries({ x: vb?.x ?? 0, y: vb?.y ?? 0, width: w, height: ht, fill: '#ffffff' })) bg.setAttribute(k, String(v));
  clone.insertBefore(bg, clone.firstChild);
  return { text: '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(clone) + '\n', width: w, height: ht };
}

// pngOfSVG draws an SVG file at scale × its size and resolves to a PNG
// blob. The image is read from a data: URL (the page's security policy
// allows no other source for images).
export function pngOfSVG({ text, width, height }, scale = 2) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const c = document.createElement('canvas');
      c.width = Math.round(width * scale);
      c.height = Math.round(height * scale);
      const g = c.getContext('2d');
      g.fillStyle = '#ffffff';
      g.fillRect(0, 0, c.width, c.height);
      g.drawImage(img, 0, 0, c.width, c.height);
      c.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png');
    };
    img.onerror = () => reject(new Error('the SVG did not draw'));
    img.src = 'data:image/svg+xml;base64,' + btoa(unescape(encodeURIComponent(text)));
  });
}

// canvasSVG wraps a canvas's picture as an SVG file (the pixels as an
// embedded PNG, drawn without smoothing).
export function canvasSVG(canvas) {
  const w = canvas.width;
  const ht = canvas.height;
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="${SVGNS}" width="${w}" height="${ht}" viewBox="0 0 ${w} ${ht}">` +
    `<image width="${w}" height="${ht}" style="image-rendering:pixelated" href="${canvas.toDataURL('image/png')}"/></svg>\n`;
  return { text, width: w, height: ht };
}

// plotDownloads are the two links of a plot, "SVG" and "PNG", kept up to
// date with refresh() (called when the plot is drawn); source() returns
// the plot element (an svg, or a canvas) or null when none is shown.
export function plotDownloads({ id, name, source }) {
  const svgA = h2('a', { id: id + '-svg', class: 'download' }, 'SVG');
  // The PNG link shows once its file is made; until then only the SVG's.
  const pngA = h2('a', { id: id + '-png', class: 'download', hidden: true }, 'PNG');
  const el = h2('span', { class: 'plotdl', id, hidden: true }, 'Download the plot: ', svgA, ' ', pngA);
  let gen = 0;
  let made = ''; // the name and SVG text the links hold
  const refresh = async () => {
    const src = source();
    if (!src) {
      ++gen;
      el.hidden = true;
      made = '';
      return;
    }
    const file = src instanceof HTMLCanvasElement ? canvasSVG(src) : svgDocument(src);
    const base = name();
    // The same plot drawn again keeps its files: a link being fetched is
    // not revoked under the reader.
    if (made === base + '\n' + file.text) return;
    made = base + '\n' + file.text;
    const mine = ++gen;
    download(svgA, file.text, `${base}.svg`, 'image/svg+xml');
    el.hidden = false;
    pngA.hidden = true;
    try {
      const png = src instanceof HTMLCanvasElement
        ? await new Promise((res, rej) => src.toBlob((b) => (b ? res(b) : rej(new Error('no PNG'))), 'image/png'))
        : await pngOfSVG(file);
      if (mine !== gen) return;
      if (pngA.href.startsWith('blob:')) URL.revokeObjectURL(pngA.href);
      pngA.href = URL.createObjectURL(png);
      pngA.setAttribute('download', `${base}.png`);
      pngA.hidden = false;
    } catch { /* the SVG link stays */ }
  };
  return { el, refresh };
}

// h2 is a minimal element builder (export.js has no other imports).
function h2(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === true) el.setAttribute(k, '');
    else if (v !== false && v !== undefined) el.setAttribute(k, v);
  }
  el.append(...children);
  return el;
}

// Small DOM helpers shared by the pages.

// h builds an element: h('div', {class: 'x', onclick: f}, child, 'text', …).
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== undefined && c !== null && c !== false));
  return el;
}

// nimber writes a nim-value as ∗n (∗ alone for 1, 0 for 0), the usual notation.
export function nimber(v) {
  if (v === 0) return '0';
  if (v === 1) return '∗';
  return '∗' + v;
}

// heapView draws a position of small heaps as rows of tokens, for display
// only; it returns null when the position is not a short list of small heaps.
// onToken(i, k), if given, is called when token k (0-based) of heap i is
// clicked.
export function heapView(position, onToken) {
  if (!/^\d+( \d+)*$/.test(position)) return null;
  const heaps = position.split(' ').map(Number);
  if (heaps.length > 10 || heaps.some((n) => n > 40)) return null;
  return h('div', { class: 'heaps' + (onToken ? ' clickable' : '') },
    heaps.map((n, i) => h('div', { class: 'heap' },
      h('span', { class: 'heaplabel' }, `heap ${i + 1}`),
      h('span', { class: 'tokens' },
        Array.from({ length: n }, (_, k) => h('span', {
          class: 'token',
          title: onToken ? `take ${n - k} from heap ${i + 1}` : undefined,
          onclick: onToken ? () => onToken(i, k, heaps) : undefined,
        })),
        n === 0 ? h('span', { class: 'empty' }, 'empty') : null),
      h('span', { class: 'heapsize' }, String(n)))));
}

export function debounce(f, ms) {
  let t;
  return (...args) => {
    clearTimeout(t);
    t = setTimeout(() => f(...args), ms);
  };
}

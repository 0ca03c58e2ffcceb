// Share and save: a link that opens the page in the state shown (the
// route and its parameters), and the data shown as a JSON file (an
// analysis as /api/solve gave it; a played game as play.Record, what
// grundy play --json prints).
import { h } from './dom.js';
import { download } from './export.js';

// pageLink is the address of a page state: #/page?params.
export function pageLink(page, params) {
  const q = new URLSearchParams(params).toString();
  return location.origin + location.pathname + '#/' + page + (q ? '?' + q : '');
}

// shareBar is a row with a link to the state shown, a button copying it,
// and a link saving the data as JSON; set() updates them.
export function shareBar({ id }) {
  const link = h('a', { id: id + '-link', class: 'download', title: 'A link that opens this page as it is now' }, 'Link');
  const copy = h('button', { class: 'secondary small', id: id + '-copy', type: 'button' }, 'Copy link');
  const save = h('a', { id: id + '-save', class: 'download', hidden: true }, 'Save as JSON');
  const said = h('span', { class: 'more', role: 'status' });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(link.href);
      said.textContent = 'Link copied.';
    } catch {
      said.textContent = 'Copy the link: ' + link.href;
    }
  });
  const el = h('div', { class: 'sharebar', id: id + '-share' }, link, copy, save, said);
  return {
    el,
    set({ page, params, data, name }) {
      link.href = pageLink(page, params);
      said.textContent = '';
      if (data === undefined) {
        save.hidden = true;
        return;
      }
      const file = (name || page).replace(/[^\w.+-]+/g, '_').slice(0, 80) + '.json';
      download(save, JSON.stringify(data, null, 2) + '\n', file, 'application/json');
    },
  };
}

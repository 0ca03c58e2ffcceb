// The workbench shell: one tab per part, routed by the URL hash
// (#/explore, #/play?game=nim&position=3+4+5, #/sequence?game=…&to=…).
//
// A part is a module whose default export is {id, title, mount(section, app)};
// mount builds the part's page inside section and returns {show(params)},
// called each time the tab is opened with the hash's parameters.
// To add a part, write its module and
// add it to this list.
import explore from './explore.js';
import play from './play.js';
import sequence from './sequence.js';
import cardflip from './cardflip.js';
import bridge from './bridge.js';
import misere from './misere.js';
import nimber from './nimber.js';

const parts = [explore, play, sequence, cardflip, bridge, misere, nimber];

const tabs = document.getElementById('tabs');
const pages = document.getElementById('pages');
const mounted = new Map();

const app = {
  // go opens a part with parameters, recording them in the URL.
  go(id, params = {}) {
    const q = new URLSearchParams(params).toString();
    location.hash = '#/' + id + (q ? '?' + q : '');
  },
};

for (const part of parts) {
  const a = document.createElement('a');
  a.href = '#/' + part.id;
  a.id = 'tab-' + part.id;
  a.textContent = part.title;
  tabs.append(a);
}

function route() {
  const m = /^#\/([\w-]+)(?:\?(.*))?$/.exec(location.hash);
  const part = parts.find((p) => p.id === m?.[1]) ?? parts[0];
  const params = Object.fromEntries(new URLSearchParams(m?.[2] ?? ''));
  let page = mounted.get(part.id);
  if (!page) {
    const section = document.createElement('section');
    section.className = 'page';
    section.id = 'page-' + part.id;
    pages.append(section);
    page = { section, view: part.mount(section, app) };
    mounted.set(part.id, page);
  }
  for (const [id, p] of mounted) p.section.hidden = id !== part.id;
  for (const a of tabs.children) a.classList.toggle('active', a.id === 'tab-' + part.id);
  document.title = part.title + ' · grundy workbench';
  page.view.show(params).catch((e) => console.error(e));
}

window.addEventListener('hashchange', route);
route();

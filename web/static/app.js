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
import partizan from './partizan.js';

const parts = [explore, play, sequence, cardflip, bridge, misere, nimber, partizan];
import apidoc from './apidoc.js';

// Pages reached by a link, not a tab (issue 31): the API page, and the
// page of a route that names no page.
const linked = [apidoc];
const notFound = {
  id: 'notfound',
  title: 'Not found',
  mount(section) {
    const what = document.createElement('p');
    section.append(what);
    return {
      async show(_params, hash) {
        what.replaceChildren(`There is no page ${hash} here. The pages: `,
          ...parts.flatMap((p, i) => [i ? ', ' : '', Object.assign(document.createElement('a'), { href: '#/' + p.id, textContent: p.title })]), '.');
        what.id = 'notfound-text';
        section.classList.add('notfound');
      },
    };
  },
};

const tabs = document.getElementById('tabs');
const pages = document.getElementById('pages');
const mounted = new Map();

const app = {
  // go opens a part with parameters, recording them in the URL (so that a
  // reload or a link opens it alike); asked again with the parameters the
  // URL has, it shows the part again (no hashchange comes).
  go(id, params = {}) {
    const q = new URLSearchParams(params).toString();
    const hash = '#/' + id + (q ? '?' + q : '');
    if (location.hash === hash) route();
    else location.hash = hash;
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
  const home = ['', '#', '#/'].includes(location.hash);
  const part = home ? parts[0] : [...parts, ...linked].find((p) => p.id === m?.[1]) ?? notFound;
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
  page.view.show(params, location.hash).catch((e) => console.error(e));
}

window.addEventListener('hashchange', route);
route();

// The API page (#/api, the header's API link): the endpoints the server
// lists at /api/ (web/apidoc.go), each with what it answers, its
// parameters, an example to open and the command line that prints the
// same JSON. The whole reference is docs/api.md.
import { api } from './api.js';
import { h, clear } from './dom.js';

export default {
  id: 'api',
  title: 'API',
  mount(section) {
    const body = h('div', { class: 'apidoc', id: 'api-doc' }, h('p', { class: 'more' }, 'Loading…'));
    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'The JSON API'),
        h('p', {}, 'Everything on these pages comes from the server\'s JSON API, which answers programs too.')),
      h('div', { class: 'card' }, body));
    return {
      async show() {
        try {
          const idx = await api('');
          clear(body,
            h('p', {}, idx.about, ' ', h('a', { href: '/docs/api.md', id: 'api-reference', target: '_blank', rel: 'noopener' }, 'Read the whole reference (docs/api.md).')),
            // The whole table at the page's width, no inner scroll box:
            // long paths and parameters wrap, and on a phone each row is a
            // block of labelled lines (app.css, .apidoc).
            h('table', { id: 'api-endpoints' },
                h('thead', {}, h('tr', {}, h('th', {}, 'Endpoint'), h('th', {}, 'Answers'), h('th', {}, 'Parameters'), h('th', {}, 'Same JSON as'))),
                h('tbody', {}, idx.endpoints.map((e) => h('tr', { 'data-path': e.path },
                  h('td', { 'data-label': 'Endpoint' }, e.example ? h('a', { href: e.example, target: '_blank', rel: 'noopener', title: 'Open an example: ' + e.example }, h('code', {}, e.path)) : h('code', {}, e.path)),
                  h('td', { 'data-label': 'Answers' }, e.about || 'see docs/api.md'),
                  h('td', { 'data-label': 'Parameters' }, e.params ? h('code', {}, e.params) : '—'),
                  h('td', { 'data-label': 'Same JSON as' }, e.cli ? h('code', {}, e.cli) : '—'))))),
            h('p', { class: 'more' }, 'Parameters common to the position questions: game (a spec, as /api/games lists them), position (in the game\'s syntax), misere (1 for misère play). Long requests go as POST forms.'));
        } catch (e) {
          clear(body, h('p', { class: 'error' }, e.message));
        }
      },
    };
  },
};

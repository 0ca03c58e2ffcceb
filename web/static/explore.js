// The explorer: choose a game, edit a position, see its value, outcome and
// every winning move (all from /api/solve).
import { api } from './api.js';
import { h, clear, nimber, heapView, debounce } from './dom.js';
import { gamePicker } from './picker.js';

export default {
  id: 'explore',
  title: 'Explorer',
  mount(section, app) {
    const pos = h('input', { id: 'explore-position', class: 'mono big', spellcheck: 'false', autocomplete: 'off', 'aria-label': 'Position' });
    const misere = h('input', { type: 'checkbox', id: 'explore-misere' });
    const result = h('div', { id: 'explore-result', class: 'result' });
    let seq = 0;

    const solve = async () => {
      const game = picker.info;
      if (!game) return;
      const mine = ++seq;
      result.classList.add('busy');
      try {
        const r = await api('solve', { game: game.spec, position: pos.value, misere: misere.checked ? 1 : 0 });
        if (mine === seq) show(r);
      } catch (e) {
        if (mine === seq) clear(result, h('p', { class: 'error', role: 'alert' }, e.message));
      } finally {
        if (mine === seq) result.classList.remove('busy');
      }
    };
    const solveSoon = debounce(solve, 300);

    // outcome badge and sentence: N, P or D (a draw is first-class: loopy
    // games), with the winning or drawing moves.
    const verdict = (r) => {
      const play = r.misere ? ' (misère play)' : '';
      const listed = (ms) => {
        const total = r.move_count !== undefined && r.move_count > ms.length ? r.move_count : ms.length;
        if (ms.length === 1 && total === 1) return 'this move';
        if (total > ms.length) return `any of its ${total.toLocaleString()} moves (the first ${ms.length} below)`;
        return `any of these ${ms.length} moves`;
      };
      switch (r.outcome) {
        case 'N': return { cls: 'n', label: 'N-position', moves: r.winning_moves,
          text: `The player to move wins${play}${r.remoteness !== undefined ? ` in ${r.remoteness} moves` : ''}, with ${listed(r.winning_moves)}:` };
        case 'D': return { cls: 'd', label: 'Draw', moves: r.drawing_moves || [],
          text: (r.drawing_moves || []).length
            ? `Neither player can force a win: the game goes on forever with best play. ${(r.drawing_moves.length === 1 ? 'This move keeps' : `These ${r.drawing_moves.length} moves keep`)} the draw:`
            : 'Neither player can force a win: the game goes on forever with best play.' };
      }
      return { cls: 'p', label: 'P-position', moves: [],
        text: `The player to move loses against best play${play}${r.remoteness ? ` in ${r.remoteness} moves` : ''}: every move leads to an N-position.` };
    };

    const show = (r) => {
      const v = verdict(r);
      clear(result,
        h('div', { class: 'verdict' },
          r.loopy_value !== undefined ? h('div', { class: 'value', title: 'generalized Sprague–Grundy value (Smith)' }, h('small', {}, 'G ='), ' ', r.loopy_value)
            : r.value !== undefined ? h('div', { class: 'value', title: 'nim-value (Grundy value)' }, h('small', {}, 'G ='), ' ', nimber(r.value)) : null,
          h('div', {},
            h('span', { class: 'badge ' + v.cls, id: 'explore-outcome' }, v.label),
            h('p', { class: 'explain' }, v.text))),
        heapView(r.position),
        v.moves.length ? h('ul', { class: 'moves', id: 'explore-moves' },
          v.moves.map((m) => h('li', {},
            h('button', { class: 'move ' + (r.outcome === 'D' ? 'draw' : 'win'), title: 'Explore this position', onclick: () => { pos.value = m.to; solve(); } },
              h('code', {}, m.to), m.move ? h('span', { class: 'desc' }, m.move) : null)))) : null,
        r.moves_note ? h('p', { class: 'note', id: 'explore-moves-note' }, r.moves_note) : null,
        h('div', { class: 'actions' },
          h('button', { class: 'secondary', onclick: () => app.go('play', { game: r.game, position: r.position, misere: r.misere ? 1 : 0 }) }, 'Play from this position ▸')));
    };

    // current is the spec of the game shown; wanted a position asked for by
    // a link, used once that game is loaded (instead of its example).
    let current = null;
    let wanted;
    const picker = gamePicker({
      id: 'explore',
      onChange: (info) => {
        if (info.spec !== current) {
          current = info.spec;
          pos.value = wanted ?? info.example;
          wanted = undefined;
        }
        solve();
      },
    });
    pos.addEventListener('input', solveSoon);
    pos.addEventListener('keydown', (e) => { if (e.key === 'Enter') solve(); });
    misere.addEventListener('change', solve);

    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'Explore a position'),
        h('p', {}, 'Pick a game or type its spec, then edit the position: the value, the outcome and every winning move update as you type.')),
      h('div', { class: 'grid two' },
        h('div', { class: 'card' }, h('h2', {}, 'Game'), picker.el,
          h('h2', {}, 'Position'),
          pos,
          h('label', { class: 'check' }, misere, ' misère play (whoever makes the last move loses)')),
        h('div', { class: 'card' }, h('h2', {}, 'Analysis'), result)));

    return {
      async show(params) {
        if (params.misere !== undefined) misere.checked = params.misere === '1';
        if (params.game) {
          wanted = params.position;
          await picker.set(params.game);
        } else if (!picker.info) {
          await picker.set('nim');
        }
        if (params.position && pos.value !== params.position) {
          pos.value = params.position;
          solve();
        }
      },
    };
  },
};

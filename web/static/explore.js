// The explorer: choose a game, edit a position, see its value (a sum's as
// the nim-sum of its components'), its outcome, a board, and every option
// with what it leads to (all from /api/solve?all=1), coloured win / draw /
// lose for the player making it.
import { api } from './api.js';
import { h, clear, nimber, debounce } from './dom.js';
import { gamePicker } from './picker.js';
import { board } from './board.js';
import { optionList, legend, sumText, partsText } from './values.js';
import { sumEditor, sumBreakdown, componentBoards, isSum } from './sum.js';
import { shareBar } from './share.js';

// The options the explorer asks for and lists (the server counts the rest).
const LIMIT = 400;

export default {
  id: 'explore',
  title: 'Explorer',
  mount(section, app) {
    const pos = h('input', { id: 'explore-position', class: 'mono big', spellcheck: 'false', autocomplete: 'off', 'aria-label': 'Position' });
    const misere = h('input', { type: 'checkbox', id: 'explore-misere' });
    const result = h('div', { id: 'explore-result', class: 'result' });
    const posLabel = h('label', { class: 'more', for: 'explore-position', hidden: true }, 'The sum as text (GAME POSITION + GAME POSITION …):');
    let seq = 0;

    const solve = async () => {
      const game = picker.info;
      if (!game) return;
      const mine = ++seq;
      result.classList.add('busy');
      try {
        const r = await api('solve', { game: game.spec, position: pos.value, misere: misere.checked ? 1 : 0, all: 1, limit: LIMIT });
        if (mine === seq) show(r, game);
      } catch (e) {
        if (mine === seq) clear(result, h('p', { class: 'error', role: 'alert' }, e.message));
      } finally {
        if (mine === seq) result.classList.remove('busy');
      }
    };
    const solveSoon = debounce(solve, 300);
    const go = (to) => { pos.value = to; solve(); };

    // outcome badge and sentence: N, P or D (a draw is first-class: loopy
    // games), with the moves that win or keep the draw.
    const verdict = (r) => {
      const play = r.misere ? ' (misère play)' : '';
      const opts = r.options ?? [];
      const count = (res) => opts.filter((o) => o.result === res).length;
      const more = r.move_count !== undefined && (r.move_count < 0 || r.move_count > opts.length)
        ? ` (${r.move_count < 0 ? `${opts.length.toLocaleString()} moves listed; not every move was counted` : `${opts.length.toLocaleString()} of its ${r.move_count.toLocaleString()} moves listed`})` : '';
      const inK = r.remoteness !== undefined ? ` in ${r.remoteness} move${r.remoteness === 1 ? '' : 's'}` : '';
      switch (r.outcome) {
        case 'N': {
          // The server counts the winning moves whatever the page lists
          // (winning_move_count; they come first: catalog/shape.go).
          const w = r.winning_move_count ?? count('win');
          const wins = w < 0 ? `at least ${count('win').toLocaleString()} moves win`
            : w === 1 ? 'one move wins' : `${w.toLocaleString()} moves win`;
          return { cls: 'n', label: 'N-position',
            text: opts.length === 0
              ? `The player to move wins${inK}${play}: ${wins}; the moves are not listed (see the note below).`
              : `The player to move wins${inK}${play}: ${wins} (green, listed first)${more}.` };
        }
        case 'D': {
          const d = count('draw');
          return { cls: 'd', label: 'Draw',
            text: `Neither player can force a win: with best play the game goes on forever. ${d === 1 ? 'One move keeps' : `${d} moves keep`} the draw (yellow)${more}.` };
        }
      }
      return { cls: 'p', label: 'P-position',
        text: r.remoteness === 0 ? `The player to move has no move and loses${play}.`
          : `The player to move loses against best play${inK}${play}: every move leads to an N-position${more}.` };
    };

    // classList lists the classes of the winning moves, when a proved
    // period gives them (the server's move_classes): all of them, however
    // few the page lists.
    const classList = (r) => {
      const total = Math.max(r.move_class_count ?? 0, r.move_classes.length);
      return h('div', { id: 'explore-classes' },
        h('p', { class: 'more' }, total === 1 ? 'All the winning moves, in closed form:' : `All the winning moves, in ${total} classes:`),
        h('ul', { class: 'classes' }, r.move_classes.map((c) => h('li', { class: 'r-win' }, c.moves))),
        total > r.move_classes.length ? h('p', { class: 'more' }, `(${total - r.move_classes.length} more classes not listed)`) : null);
    };

    const valueBox = (r) => {
      if (r.loopy_value !== undefined) {
        return h('div', { class: 'value', title: 'generalized Sprague–Grundy value (Smith 1966): a number is a nim-value; ∞(K) is infinite, K the finite values among its options: a win if 0 is in K, else a draw (docs/loopy.md)' }, h('small', {}, 'G ='), ' ', r.loopy_value);
      }
      if (r.value === undefined) return null;
      return h('div', { class: 'value', title: 'nim-value (Grundy value)' }, h('small', {}, 'G ='), ' ', nimber(r.value));
    };

    const show = (r, game) => {
      const v = verdict(r);
      const sum = isSum(game) ? null : sumText(r);
      const parts = partsText(r);
      const note = h('p', { class: 'note', id: 'explore-board-note', role: 'status' });
      const boards = isSum(game) ? h('div', { class: 'sumboards', id: 'explore-boards' }) : null;
      const onNote = (t) => { note.textContent = t; };
      result.dataset.position = r.position;
      if (r.components) sumEd.set(r.components);
      clear(result,
        h('div', { class: 'verdict' },
          valueBox(r),
          h('div', {},
            h('span', { class: 'badge ' + v.cls, id: 'explore-outcome' }, v.label),
            h('p', { class: 'explain' }, v.text),
            sum ? h('p', { class: 'sum', id: 'explore-sum', title: 'the value of a sum is the nim-sum (XOR) of its components\' values (Sprague–Grundy)' },
              'G = ', parts ? parts + ' = ' : '', sum, r.value === 0 ? ' (a P-position: every move breaks it)' : '') : null)),
        isSum(game) ? sumBreakdown(r, 'explore-breakdown') : null,
        boards ?? board(game, r.position, { moves: r.options ?? [], onMove: (m) => go(m.to), onNote }),
        note,
        r.remoteness_note ? h('p', { class: 'note', id: 'explore-remoteness-note' }, `Remoteness ${r.remoteness_note}: the options are listed unranked, with their values.`) : null,
        r.options?.length ? optionList(r, { id: 'explore-moves', onPick: (o) => go(o.to) }) : null,
        r.options?.length ? legend() : null,
        r.moves_note ? h('p', { class: 'note', id: 'explore-moves-note' }, r.moves_note) : null,
        r.count_note ? h('p', { class: 'note', id: 'explore-count-note' }, `The count of all the moves is not known: ${r.count_note}.`) : null,
        r.move_classes?.length ? classList(r) : null,
        h('div', { class: 'actions' },
          h('button', { class: 'secondary', onclick: () => app.go('play', { game: r.game, position: r.position, misere: r.misere ? 1 : 0 }) }, 'Play from this position ▸'),
          isSum(game) ? null : h('button', {
            class: 'secondary', id: 'explore-make-sum', title: 'Explore this position as a component of a sum of different games',
            onclick: () => app.go('explore', { game: 'sum', position: `${r.game} ${r.position} + nim 3`, misere: r.misere ? 1 : 0 }),
          }, '+ Add another game (a sum)')),
        share.el);
      share.set({ page: 'explore', params: { game: r.game, position: r.position, ...(r.misere ? { misere: 1 } : {}) }, data: r, name: `${r.game}-${r.position}` });
      if (boards) componentBoards(boards, r, { moves: r.options ?? [], onMove: (m) => go(m.to), onNote });
    };
    const share = shareBar({ id: 'explore' });
    const sumEd = sumEditor({ id: 'explore', onChange: (text) => { pos.value = text; solve(); } });

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
        sumEd.el.hidden = !isSum(info);
        posLabel.hidden = !isSum(info);
        solve();
      },
    });
    pos.addEventListener('input', solveSoon);
    pos.addEventListener('keydown', (e) => { if (e.key === 'Enter') solve(); });
    misere.addEventListener('change', solve);

    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'Explore a position'),
        h('p', {}, 'Pick a game or type its spec, then edit the position: its value, its outcome and every move with what it leads to update as you type. Click a move, or a piece on the board, to follow it.')),
      h('div', { class: 'grid two' },
        h('div', { class: 'card' }, h('h2', {}, 'Game'), picker.el,
          h('h2', {}, 'Position'),
          sumEd.el,
          posLabel,
          pos,
          h('label', { class: 'check' }, misere, ' misère play (whoever makes the last move loses)')),
        h('div', { class: 'card answer' }, h('h2', {}, 'Analysis'),
          // On a phone the analysis comes first: a way back to the form.
          h('button', {
            class: 'secondary small phoneonly', id: 'explore-edit',
            onclick: () => { pos.scrollIntoView({ block: 'center' }); pos.focus({ preventScroll: true }); },
          }, 'Edit the position ↓'),
          result)));

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

// Play against the perfect player. The server checks every move
// (/api/move, catalog.FindMove), lists the legal moves (/api/moves), answers
// with catalog.Reply (/api/reply) and gives hints (/api/solve); the page only
// keeps the history, for undo.
import { api } from './api.js';
import { h, clear, heapView } from './dom.js';
import { gamePicker } from './picker.js';

export default {
  id: 'play',
  title: 'Play',
  mount(section, app) {
    const start = h('input', { id: 'play-start', class: 'mono', spellcheck: 'false', autocomplete: 'off', 'aria-label': 'Start position' });
    const misere = h('input', { type: 'checkbox', id: 'play-misere' });
    const first = h('select', { id: 'play-first', 'aria-label': 'Who moves first' },
      h('option', { value: 'you' }, 'You move first'),
      h('option', { value: 'computer' }, 'The perfect player moves first'));
    const status = h('div', { id: 'play-status', class: 'status', role: 'status' }, 'Choose a game and press New game.');
    const board = h('div', { class: 'board' });
    const movesBox = h('div', { id: 'play-moves', class: 'movelist' });
    const typed = h('input', { id: 'play-to', class: 'mono', spellcheck: 'false', autocomplete: 'off', placeholder: 'position after your move', 'aria-label': 'Position after your move' });
    const moveBtn = h('button', { id: 'play-move', onclick: () => userMove(typed.value) }, 'Move');
    const hintBtn = h('button', { id: 'play-hint', class: 'secondary', onclick: () => hint() }, 'Hint');
    const undoBtn = h('button', { id: 'play-undo', class: 'secondary', onclick: () => undo() }, 'Undo');
    const note = h('div', { id: 'play-note', class: 'note' });
    const history = h('ol', { id: 'play-history', class: 'history' });

    // The game in progress: its settings, start position and the plies played.
    let game = null;
    let plies = [];
    let epoch = 0; // bumped by new game and undo, so stale answers are dropped
    let over = false;

    const position = () => (plies.length ? plies[plies.length - 1].move.to : game.start);
    const toMove = () => ((plies.length % 2 === 0) === (game.first === 'you') ? 'you' : 'computer');
    let thinking = false;
    // buttons enables what the state allows: moves and hints on your turn,
    // undo once you have moved, nothing while the server thinks.
    const buttons = () => {
      const yours = !!game && !over && !thinking && toMove() === 'you';
      moveBtn.disabled = !yours;
      hintBtn.disabled = !yours;
      undoBtn.disabled = thinking || !game || !plies.some((p) => p.by === 'you');
    };
    const busy = (on) => {
      thinking = on;
      section.classList.toggle('thinking', on);
      buttons();
    };

    const picker = gamePicker({
      id: 'play',
      onChange: (info) => {
        if (start.dataset.game !== info.spec) {
          start.dataset.game = info.spec;
          start.value = wanted ?? info.example;
          wanted = undefined;
        }
      },
    });
    let wanted;

    async function newGame() {
      const info = picker.info;
      if (!info) return;
      const mine = ++epoch;
      busy(true);
      try {
        // /api/moves checks the start position and writes it canonically.
        const r = await api('moves', { game: info.spec, position: start.value });
        if (mine !== epoch) return;
        game = { spec: info.spec, name: info.name, start: r.position, misere: misere.checked, first: first.value };
        plies = [];
        over = false;
        clear(note);
        await advance(mine, r);
      } catch (e) {
        if (mine === epoch) fail(e);
      } finally {
        if (mine === epoch) busy(false);
      }
    }

    // advance plays the perfect player's move if it is its turn, then lists
    // the user's moves; either side without a move ends the game.
    async function advance(mine, known) {
      render();
      if (toMove() === 'computer') {
        status.textContent = 'The perfect player is thinking…';
        const r = await api('reply', { game: game.spec, position: position(), misere: game.misere ? 1 : 0 });
        if (mine !== epoch) return;
        if (r.over) return finish('computer');
        plies.push({ by: 'computer', move: r.move });
        render();
        known = undefined;
      }
      const r = known ?? await api('moves', { game: game.spec, position: position() });
      if (mine !== epoch) return;
      if (r.moves.length === 0) return finish('you');
      status.textContent = 'Your move: click a move, a token, or type the position you move to.';
      clear(movesBox, r.moves.map((m) => h('button', {
        class: 'move', 'data-to': m.to, onclick: () => userMove(m.to),
      }, h('code', {}, m.to), m.move ? h('span', { class: 'desc' }, m.move) : null)));
      render(true);
    }

    // finish ends the game: stuck, the player to move has no legal move.
    function finish(stuck) {
      over = true;
      clear(movesBox);
      // Normal play: whoever cannot move loses. Misère: whoever cannot move
      // wins, since the other player made the last move.
      const youWin = (stuck === 'computer') !== game.misere;
      status.textContent = youWin ? 'You win! ' : 'The perfect player wins. ';
      status.append(h('span', { class: 'why' }, `${stuck === 'you' ? 'You have' : 'It has'} no move left${game.misere ? ' (misère play: the last mover loses)' : ''}.`));
      status.className = 'status ' + (youWin ? 'won' : 'lost');
      section.dataset.result = youWin ? 'won' : 'lost';
      render();
    }

    async function userMove(to) {
      if (!game || over || toMove() !== 'you') return;
      const mine = epoch;
      busy(true);
      try {
        const r = await api('move', { game: game.spec, position: position(), to });
        if (mine !== epoch) return;
        plies.push({ by: 'you', move: r.move });
        typed.value = '';
        clear(note);
        await advance(mine);
      } catch (e) {
        if (mine === epoch) clear(note, h('p', { class: 'error', role: 'alert' }, e.message));
      } finally {
        if (mine === epoch) busy(false);
      }
    }

    async function hint() {
      if (!game || over) return;
      const mine = epoch;
      try {
        const r = await api('solve', { game: game.spec, position: position(), misere: game.misere ? 1 : 0 });
        if (mine !== epoch) return;
        // A draw is not a loss: its hint is the moves that keep the draw.
        const draw = r.outcome === 'D';
        const good = draw ? (r.drawing_moves || []) : r.winning_moves;
        const wins = new Set(good.map((m) => m.to));
        for (const b of movesBox.querySelectorAll('button.move')) b.classList.toggle('hint', wins.has(b.dataset.to));
        const list = good.map((m) => m.move ? `${m.to} (${m.move})` : m.to).join(', ');
        let text;
        if (draw) {
          text = wins.size
            ? `Hint: this position is a draw — neither player can force a win. ${wins.size === 1 ? 'The move that keeps the draw is' : `${wins.size} moves keep the draw, highlighted:`} ${list}.`
            : 'Hint: this position is a draw — neither player can force a win.';
        } else if (wins.size) {
          text = `Hint: ${wins.size === 1 ? 'the winning move is' : `${wins.size} winning moves, highlighted:`} ${list}.`;
        } else if (r.outcome === 'N') {
          text = `Hint: this is an N-position, but its winning moves are not listed (${r.moves_note || 'too many'}).`;
        } else {
          text = 'Hint: no move wins — this is a P-position, so the perfect player wins whatever you do. Make any move and hope it errs (it will not).';
        }
        clear(note, h('p', { class: 'hintnote', id: 'play-hintnote' }, text));
      } catch (e) {
        if (mine === epoch) clear(note, h('p', { class: 'error' }, e.message));
      }
    }

    async function undo() {
      if (!game) return;
      // Take back the perfect player's replies and your last move.
      const keep = plies.slice();
      while (keep.length && keep[keep.length - 1].by === 'computer') keep.pop();
      if (!keep.length) return;
      keep.pop();
      const mine = ++epoch;
      plies = keep;
      over = false;
      status.className = 'status';
      delete section.dataset.result;
      clear(note);
      busy(true);
      try {
        await advance(mine);
      } catch (e) {
        if (mine === epoch) fail(e);
      } finally {
        if (mine === epoch) busy(false);
      }
    }

    function fail(e) {
      status.className = 'status';
      status.textContent = '';
      clear(note, h('p', { class: 'error', role: 'alert' }, e.message));
    }

    function render(yourTurn = false) {
      const pos = position();
      const you = yourTurn && !over;
      clear(board,
        h('div', { class: 'boardhead' }, h('span', { class: 'label' }, game.name), h('code', { id: 'play-position', class: 'position' }, pos)),
        heapView(pos, you ? (i, k, heaps) => userMove(heaps.map((n, j) => (j === i ? k : n)).join(' ')) : undefined));
      if (!you) clear(movesBox);
      clear(history, plies.map((p) => h('li', { class: p.by },
        h('span', { class: 'who' }, p.by === 'you' ? 'You' : 'Perfect player'),
        p.move.move ? p.move.move + ' → ' : 'to ', h('code', {}, p.move.to))));
      buttons();
      if (!over) {
        status.className = 'status';
        delete section.dataset.result;
      }
    }

    typed.addEventListener('keydown', (e) => { if (e.key === 'Enter') userMove(typed.value); });

    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'Play against the perfect player'),
        h('p', {}, 'The server plays perfectly: from an N-position it always finds a winning move. Ask for a hint, take moves back, try misère play.')),
      h('div', { class: 'grid play' },
        h('div', { class: 'card' }, h('h2', {}, 'Game'), picker.el,
          h('label', { class: 'field' }, h('span', {}, 'Start position'), start),
          h('label', { class: 'check' }, misere, ' misère play'),
          h('label', { class: 'field' }, h('span', {}, 'First move'), first),
          h('button', { id: 'play-new', onclick: () => newGame() }, 'New game')),
        h('div', { class: 'card' },
          status, board,
          h('h3', {}, 'Your moves'), movesBox,
          h('div', { class: 'row' }, typed, moveBtn, hintBtn, undoBtn),
          note,
          h('h3', {}, 'Moves played'), history)));

    return {
      async show(params) {
        if (params.misere !== undefined) misere.checked = params.misere === '1';
        if (params.game) {
          wanted = params.position;
          start.dataset.game = '';
          await picker.set(params.game);
          if (params.position) start.value = params.position;
          if (params.first) first.value = params.first;
          await newGame();
        } else if (!game) {
          await picker.set('nim');
          await newGame();
        }
      },
    };
  },
};

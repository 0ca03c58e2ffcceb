// Play against the computer. The server checks every move (/api/move,
// catalog.FindMove), values every option (/api/solve?all=1), answers at the
// chosen strength (/api/reply?strength=, catalog.Reply: perfect, random or
// mixed) and gives hints (/api/solve); the page keeps the history, for undo,
// the value history and the feedback after each of your moves, which it
// words from the server's values (a mistake: "1 4 5 wins, since
// 3 ⊕ 4 ⊕ 5 = 2").
import { api } from './api.js';
import { h, clear } from './dom.js';
import { gamePicker } from './picker.js';
import { board } from './board.js';
import { historyStrip, legend, sumText, valueOf } from './values.js';
import { sumEditor, sumBreakdown, componentBoards, isSum } from './sum.js';
import { shareBar } from './share.js';

const STRENGTHS = {
  perfect: ['Perfect player', 'always a winning move when there is one'],
  random: ['Random player', 'a legal move at random'],
  mixed: ['Mixed player', 'each turn perfect or random, at even odds'],
};

export default {
  id: 'play',
  title: 'Play',
  mount(section, app) {
    const start = h('input', { id: 'play-start', class: 'mono', spellcheck: 'false', autocomplete: 'off', 'aria-label': 'Start position' });
    const misere = h('input', { type: 'checkbox', id: 'play-misere' });
    const first = h('select', { id: 'play-first', 'aria-label': 'Who moves first' },
      h('option', { value: 'you' }, 'You move first'),
      h('option', { value: 'computer' }, 'The computer moves first'));
    const strength = h('select', { id: 'play-strength', 'aria-label': 'The computer plays' },
      Object.entries(STRENGTHS).map(([v, [label, about]]) => h('option', { value: v, title: about }, `${label} — ${about}`)));
    const showValues = h('input', { type: 'checkbox', id: 'play-values' });
    const status = h('div', { id: 'play-status', class: 'status', role: 'status' }, 'Choose a game and press New game.');
    const boardBox = h('div', { class: 'board' });
    const boardNote = h('p', { id: 'play-board-note', class: 'note', role: 'status' });
    const feedback = h('div', { id: 'play-feedback', role: 'status' });
    const movesBox = h('div', { id: 'play-moves', class: 'movelist' });
    const valuesLegend = h('div', { id: 'play-legend' });
    const typed = h('input', { id: 'play-to', class: 'mono', spellcheck: 'false', autocomplete: 'off', placeholder: 'position after your move', 'aria-label': 'Position after your move' });
    const moveBtn = h('button', { id: 'play-move', onclick: () => userMove(typed.value) }, 'Move');
    const hintBtn = h('button', { id: 'play-hint', class: 'secondary', onclick: () => hint() }, 'Hint');
    const undoBtn = h('button', { id: 'play-undo', class: 'secondary', onclick: () => undo() }, 'Undo');
    const note = h('div', { id: 'play-note', class: 'note' });
    const history = h('ol', { id: 'play-history', class: 'history' });
    const vhistory = h('div', { id: 'play-vhistory' });

    // The game in progress: its settings, start position and the plies played.
    let game = null;
    let plies = [];
    let epoch = 0; // bumped by new game and undo, so stale answers are dropped
    let over = false;
    let ended = null; // how the game ended (play.Record's end), once it has
    let replay = []; // the moves of a shared game, replayed by newGame
    let moves = []; // your legal moves in the position shown, as listed
    // analyses caches the server's analysis of each position (all=1 on your
    // turns, where the options are your moves).
    const analyses = new Map();
    const key = (pos) => `${game.spec}|${game.misere ? 1 : 0}|${pos}`;

    const position = () => (plies.length ? plies[plies.length - 1].move.to : game.start);
    const toMove = (i = plies.length) => ((i % 2 === 0) === (game.first === 'you') ? 'you' : 'computer');
    const cpuName = () => STRENGTHS[game?.strength ?? 'perfect'][0];
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
        sumEd.el.hidden = !isSum(info);
        if (isSum(info)) {
          // The components of the start, as the server reads them.
          api('solve', { game: 'sum', position: start.value, limit: 1 }).then((r) => sumEd.set(r.components ?? [])).catch(() => {});
        }
      },
    });
    const sumEd = sumEditor({ id: 'play', onChange: (text) => { start.value = text; } });
    const share = shareBar({ id: 'play' });
    const drawBox = h('div', { id: 'play-draw' });
    let wanted;

    // analyze asks for the analysis of pos (every option valued when all),
    // once; it resolves to null when the server cannot give it (a budget).
    // known holds the analyses that have come, for drawing and for saying
    // why a move was a mistake.
    const known = new Map();
    function settle(pos, all) {
      const k = key(pos) + (all ? '|all' : '');
      if (!analyses.has(k)) {
        // all=1 even for one listed option: the server then ranks the
        // position and gives its remoteness, which its cell of the value
        // history shows (the computer's turns too).
        analyses.set(k, api('solve', { game: game.spec, position: pos, misere: game.misere ? 1 : 0, all: 1, limit: all ? 'all' : 1 })
          .catch(() => null)
          .then((r) => {
            if (r) known.set(key(pos), r);
            drawHistory();
            return r;
          }));
      }
      return analyses.get(k);
    }

    async function newGame() {
      const info = picker.info;
      if (!info) return;
      const mine = ++epoch;
      busy(true);
      try {
        // /api/moves checks the start position and writes it canonically.
        const r = await api('moves', { game: info.spec, position: start.value });
        if (mine !== epoch) return;
        game = { spec: info.spec, name: info.name, info, start: r.position, misere: misere.checked, first: first.value, strength: strength.value };
        plies = [];
        over = false;
        ended = null;
        clear(note);
        clear(feedback);
        clear(drawBox);
        // A shared game: its moves, each checked by the server, then on.
        let drawn = false;
        for (const to of replay) {
          const from = position();
          const m = await api('move', withHistory({ game: game.spec, position: from, to }));
          if (mine !== epoch) return;
          plies.push({ by: toMove(), move: m.move });
          drawn = !!m.repetition;
        }
        replay = [];
        if (drawn) return finish('repetition');
        await advance(mine);
      } catch (e) {
        if (mine === epoch) fail(e);
      } finally {
        if (mine === epoch) busy(false);
      }
    }

    // advance plays the computer's move if it is its turn, then lists your
    // moves, valued; either side without a move ends the game.
    async function advance(mine) {
      render();
      if (toMove() === 'computer') {
        status.textContent = `The ${cpuName().toLowerCase()} is thinking…`;
        settle(position(), false);
        const r = await api('reply', withHistory({ game: game.spec, position: position(), misere: game.misere ? 1 : 0, strength: game.strength }));
        if (mine !== epoch) return;
        if (r.over) return finish('computer');
        plies.push({ by: 'computer', move: r.move });
        if (r.repetition) return finish('repetition');
        render();
      }
      // The computer's reply, said where you look (as grundy play says "I
      // move to 1 4 5 (take 1 from heap 1)").
      const last = plies[plies.length - 1];
      const replied = last?.by === 'computer' ? replyText(last.move) : '';
      const pos = position();
      const an = await settle(pos, true);
      if (mine !== epoch) return;
      // A draw with best play: the computer offers one (docs/loopy.md).
      clear(drawBox, an?.outcome === 'D' ? h('div', { class: 'drawoffer' },
        'With best play this position is a draw: neither player can force a win.',
        h('button', { class: 'secondary small', id: 'play-agree-draw', onclick: () => { if (!over) finish('agreed'); } }, 'Agree to a draw')) : null);
      // The options of the analysis are your moves when it lists them all;
      // otherwise the server lists them (bounded by its budget).
      if (an && an.options && an.move_count === undefined) {
        moves = an.options;
      } else {
        const r = await api('moves', { game: game.spec, position: pos });
        if (mine !== epoch) return;
        moves = r.moves;
      }
      if (moves.length === 0) return finish('you');
      clear(status, replied ? h('span', { id: 'play-reply', class: 'reply' }, replied, ' ') : null,
        'Your move: click a move, a piece on the board, or type the position you move to.');
      render(true);
    }

    // replyText says the computer's move: "The perfect player moves to
    // 1 4 5 (take 1 from heap 1)."
    const replyText = (m) => `The ${cpuName().toLowerCase()} moves to ${m.to}${m.move ? ` (${m.move})` : ''}.`;

    // earlier lists the game's positions before the one shown, the start
    // first: /api/move and /api/reply apply the repetition rule to it
    // (play.RepetitionDraw, docs/loopy.md) and say when the game is drawn.
    const earlier = () => [game.start, ...plies.map((p) => p.move.to)].slice(0, -1);
    // withHistory is params with history= once per earlier position.
    const withHistory = (params) => {
      const q = new URLSearchParams(params);
      for (const p of earlier()) q.append('history', p);
      return q;
    };

    // finish ends the game: stuck, the player to move has no legal move;
    // 'repetition' or 'agreed', a draw.
    function finish(stuck) {
      over = true;
      moves = [];
      if (stuck === 'repetition' || stuck === 'agreed') {
        ended = stuck === 'agreed' ? 'draw agreed' : 'draw by repetition';
        status.textContent = 'A draw. ';
        status.append(h('span', { class: 'why' }, stuck === 'agreed'
          ? 'You agreed to a draw: with best play neither player can force a win from here.'
          : `Position ${position()} has occurred three times with the same player to move (threefold repetition).`));
        status.className = 'status drawn';
        section.dataset.result = 'drawn';
        render();
        return;
      }
      // Normal play: whoever cannot move loses. Misère: whoever cannot move
      // wins, since the other player made the last move.
      const youWin = (stuck === 'computer') !== game.misere;
      const last = plies[plies.length - 1];
      clear(status, stuck === 'you' && last?.by === 'computer' ? h('span', { id: 'play-reply', class: 'reply' }, replyText(last.move), ' ') : null,
        youWin ? 'You win! ' : `The ${cpuName().toLowerCase()} wins. `);
      status.append(h('span', { class: 'why' }, `${stuck === 'you' ? 'You have' : 'It has'} no move left${game.misere ? ' (misère play: the last mover loses)' : ''}.`));
      status.className = 'status ' + (youWin ? 'won' : 'lost');
      section.dataset.result = youWin ? 'won' : 'lost';
      ended = youWin ? 'human won' : 'computer won';
      render();
    }

    // judge words the server's verdict on your move (play.Judge, asked with
    // judge=1: good, or a mistake and the better move); an, the analysis of
    // the position you moved from when it has come, says why from its values.
    function judge(an, v, from) {
      const t = v && judgeText(an, v, from);
      if (t) {
        t.result = v.chosen.result;
        t.mistake = v.mistake;
      }
      return t;
    }
    function judgeText(an, v, from) {
      const o = v.chosen;
      const named = (m) => `${m.to}${m.move ? ` (${m.move})` : ''}`;
      if (o.result === 'win') {
        return { good: true, text: `Good move: ${o.to}${valueOf(o) ? ` has value ${valueOf(o)}` : ''}, a losing position for the player to move.` };
      }
      if (v.mistake && v.better.result === 'win') {
        const best = v.better;
        const sum = an && sumText(an);
        let why;
        if (sum) why = `since ${sum} ≠ 0: a move that makes the nim-sum 0 wins, and ${best.to} has value 0`;
        else if (an?.loopy_value !== undefined) why = `since ${an.position} has value ${an.loopy_value}, and ${best.to} is a P-position`;
        else if (an?.value !== undefined) why = `since ${an.position} has value ${an.value} ≠ 0 and ${best.to} has value 0`;
        else why = `since ${best.to} is a P-position${game.misere ? ' under misère play' : ''}`;
        const yours = valueOf(o) ? `; yours, ${o.to}, has value ${valueOf(o)}` : `; ${o.to} is not a P-position`;
        return { text: `That was a mistake: ${named(best)} wins, ${why}${yours}.` };
      }
      if (v.mistake) {
        return { text: `That was a mistake: ${named(v.better)} keeps the draw (value ${valueOf(v.better) || '∞'}); from ${o.to} the other player can force a win.` };
      }
      if (o.result === 'draw') return { good: true, text: `You keep the draw: ${o.to} has value ${valueOf(o) || '∞'}.` };
      const value = an && (sumText(an) ?? an.value);
      return { text: `No move wins from ${from}${value !== undefined && value !== null ? ` (value ${value})` : ''}: every move leads to a position the other player wins.` };
    }

    async function userMove(to) {
      if (!game || over || toMove() !== 'you') return;
      const mine = epoch;
      const from = position();
      busy(true);
      try {
        const r = await api('move', withHistory({ game: game.spec, position: from, to, misere: game.misere ? 1 : 0, judge: 1 }));
        if (mine !== epoch) return;
        const verdict = judge(known.get(key(from)), r.verdict, r.position);
        plies.push({ by: 'you', move: r.move, verdict });
        typed.value = '';
        if (r.repetition) {
          clear(feedback, verdict ? h('p', { class: 'feedback ' + (verdict.mistake ? 'mistake' : verdict.good ? 'good' : 'neutral'), id: 'play-verdict' }, verdict.text) : null);
          return finish('repetition');
        }
        clear(note);
        clear(boardNote);
        clear(feedback, verdict ? h('p', { class: 'feedback ' + (verdict.mistake ? 'mistake' : verdict.good ? 'good' : 'neutral'), id: 'play-verdict' }, verdict.text) : null);
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
          const sum = sumText(r);
          text = `Hint: ${wins.size === 1 ? 'the winning move is' : `${wins.size} winning moves, highlighted:`} ${list}${sum ? ` (now ${sum}; a winning move makes it 0)` : ''}.`;
        } else if (r.outcome === 'N') {
          text = `Hint: this is an N-position, but its winning moves are not listed (${r.moves_note || 'too many'}).`;
        } else {
          text = `Hint: no move wins — this is a P-position${sumText(r) ? ` (${sumText(r)})` : ''}, so a perfect opponent wins whatever you do. Make a move that keeps the game long and hope it errs.`;
        }
        clear(note, h('p', { class: 'hintnote', id: 'play-hintnote' }, text));
      } catch (e) {
        if (mine === epoch) clear(note, h('p', { class: 'error' }, e.message));
      }
    }

    async function undo() {
      if (!game) return;
      // Take back the computer's replies and your last move.
      const keep = plies.slice();
      while (keep.length && keep[keep.length - 1].by === 'computer') keep.pop();
      if (!keep.length) return;
      keep.pop();
      const mine = ++epoch;
      plies = keep;
      over = false;
      ended = null;
      status.className = 'status';
      delete section.dataset.result;
      clear(note);
      clear(feedback);
      clear(drawBox);
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

    // drawHistory draws the value history: each position of the game with
    // its analysis (when the server has given it), and a mark on the moves
    // that gave away a win or a draw, the computer's too: by the server's
    // outcomes, a move from an N-position that does not reach a P-position,
    // or from a draw to an N-position.
    function drawHistory() {
      if (!game) return;
      const positions = [game.start, ...plies.map((p) => p.move.to)];
      const outcome = (pos) => known.get(key(pos))?.outcome;
      clear(vhistory, historyStrip(positions.map((pos, i) => {
        let mistake = false;
        if (i > 0) {
          const [a, b] = [outcome(positions[i - 1]), outcome(pos)];
          if ((a === 'N' && b && b !== 'P') || (a === 'D' && b === 'N')) {
            mistake = `${plies[i - 1].by === 'you' ? 'your' : 'the computer\'s'} move gave away a ${a === 'N' ? 'win' : 'draw'}`;
          }
        }
        return { position: pos, toMove: toMove(i), result: known.get(key(pos)), mistake };
      })));
    }

    // shareParams is the link of the game so far: its settings and the
    // positions its moves reached (replayed, each checked, when opened).
    function shareParams() {
      return {
        game: game.spec, position: game.start, first: game.first, strength: game.strength,
        ...(game.misere ? { misere: 1 } : {}), ...(showValues.checked ? { values: 1 } : {}),
        ...(plies.length ? { moves: JSON.stringify(plies.map((p) => p.move.to)) } : {}),
      };
    }

    // record is the game as play.Record writes it (grundy play --json).
    function record() {
      return {
        game: game.spec, start: game.start, misere: game.misere, strength: game.strength,
        first: game.first === 'you' ? 'human' : 'computer',
        moves: plies.map((p) => {
          const m = { by: p.by === 'you' ? 'human' : 'computer', to: p.move.to };
          if (p.move.move) m.move = p.move.move;
          if (p.verdict?.result) m.result = p.verdict.result;
          if (p.verdict?.mistake) m.mistake = true;
          return m;
        }),
        end: ended ?? 'abandoned',
        position: position(),
      };
    }

    function render(yourTurn = false) {
      const pos = position();
      const you = yourTurn && !over;
      const shown = showValues.checked;
      const listed = shown ? moves : moves.map(({ to, move, component, component_to: ct }) => ({ to, move, component, component_to: ct }));
      const an = known.get(key(pos));
      const sumBoards = isSum(game.info) ? h('div', { class: 'sumboards', id: 'play-boards' }) : null;
      const onNote = (t) => { boardNote.textContent = t; };
      clear(boardBox,
        h('div', { class: 'boardhead' }, h('span', { class: 'label' }, game.name), h('code', { id: 'play-position', class: 'position' }, pos)),
        sumBoards ?? board(game.info, pos, you ? { moves: listed, onMove: (m) => userMove(m.to), onNote } : {}),
        shown && an && isSum(game.info) ? sumBreakdown(an, 'play-breakdown') : null,
        shown && an && !isSum(game.info) && sumText(an) ? h('p', { class: 'sum', id: 'play-sum' }, 'G = ', sumText(an)) : null);
      if (sumBoards && an) componentBoards(sumBoards, an, you ? { moves: listed, onMove: (m) => userMove(m.to), onNote } : {});
      if (over) clear(drawBox);
      share.set({ page: 'play', params: shareParams(), data: record(), name: `${game.spec}-game` });
      clear(movesBox, you ? listed.map((m) => h('button', {
        class: 'move' + (m.result ? ' r-' + m.result : ''), 'data-to': m.to, onclick: () => userMove(m.to),
      }, h('code', {}, m.to), m.move ? h('span', { class: 'desc' }, m.move) : null,
      m.result && valueOf(m) ? h('span', { class: 'ovalue' }, '→ ', valueOf(m)) : null)) : []);
      clear(valuesLegend, shown && you ? legend() : null);
      clear(history, plies.map((p) => h('li', { class: p.by + (p.verdict?.mistake ? ' mistake' : '') },
        h('span', { class: 'who' }, p.by === 'you' ? 'You' : cpuName()),
        p.move.move ? p.move.move + ' → ' : 'to ', h('code', {}, p.move.to))));
      drawHistory();
      buttons();
      if (!over) {
        status.className = 'status';
        delete section.dataset.result;
      }
    }

    typed.addEventListener('keydown', (e) => { if (e.key === 'Enter') userMove(typed.value); });
    showValues.addEventListener('change', () => { if (game) render(!over && !thinking && toMove() === 'you' && moves.length > 0); });
    strength.addEventListener('change', () => { if (game) game.strength = strength.value; });

    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'Play against the computer'),
        h('p', {}, 'The perfect player always finds a winning move when there is one; the random and mixed players make mistakes for you to punish. After each of your moves the server\'s values say whether it was a mistake, and why.')),
      h('div', { class: 'grid play' },
        h('div', { class: 'card' }, h('h2', {}, 'Game'), picker.el,
          sumEd.el,
          h('label', { class: 'field' }, h('span', {}, 'Start position'), start),
          h('label', { class: 'check' }, misere, ' misère play'),
          h('label', { class: 'field' }, h('span', {}, 'First move'), first),
          h('label', { class: 'field' }, h('span', {}, 'The computer plays'), strength),
          h('button', { id: 'play-new', onclick: () => newGame() }, 'New game')),
        h('div', { class: 'card answer' },
          status, boardBox, boardNote, feedback, drawBox,
          h('div', { class: 'cardhead' }, h('h3', {}, 'Your moves'),
            h('label', { class: 'check inline' }, showValues, ' show their values')),
          movesBox, valuesLegend,
          h('div', { class: 'row wrap' }, typed, moveBtn, hintBtn, undoBtn),
          note,
          h('h3', {}, 'Value history'),
          h('p', { class: 'more' }, 'Each position of the game, coloured for the player to move: green a win, red a loss, yellow a draw, with its value and remoteness; a red ring marks a position reached by a mistake.'),
          vhistory,
          h('h3', {}, 'Moves played'), history, share.el)));

    return {
      async show(params) {
        if (params.misere !== undefined) misere.checked = params.misere === '1';
        if (params.strength && STRENGTHS[params.strength]) strength.value = params.strength;
        if (params.values !== undefined) showValues.checked = params.values === '1';
        if (params.game) {
          wanted = params.position;
          start.dataset.game = '';
          await picker.set(params.game);
          if (params.position) start.value = params.position;
          if (params.first) first.value = params.first;
          replay = params.moves ? JSON.parse(params.moves) : [];
          await newGame();
        } else if (!game) {
          await picker.set('nim');
          await newGame();
        }
      },
    };
  },
};

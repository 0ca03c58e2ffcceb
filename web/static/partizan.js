// The partizan explorer: pick a ruleset (Domineering, Clobber, Toads and
// Frogs, Hackenbush, …), edit the board by clicking its cells, or a
// Hackenbush picture or a graph by clicking its parts (pedit.js), or type
// the position, and see its value in canonical form, its outcome, its stops,
// mean and temperature, its thermograph, and every option of each side
// coloured by what it does for the player making it; play as Left or Right
// against the perfect player; a calculator of values. Every answer comes
// from the server (/api/partizan/…, the same library as `grundy solve`,
// `grundy value` and `grundy play`): the page draws, and a click stands for
// a move the server listed.
import { h, clear, debounce } from './dom.js';
import * as pb from './pboard.js';
import * as pg from './pgraph.js';
import * as pe from './pedit.js';
import { drawThermograph } from './thermo.js';
import { s as svg } from './plot.js';
import * as pz from './pzapi.js';

// The page's own styles (app.css is the other pages').
document.head.append(h('link', { rel: 'stylesheet', href: 'partizan.css' }));

const SIDES = ['left', 'right'];
const OTHER = { left: 'right', right: 'left' };
const NAME = { left: 'Left', right: 'Right' };
const PAGE = 100; // options asked for per side and page ("more…" asks for the next)

// colour names what an option does for the player making it (the
// server's result): a winning move (Left's option ≥ 0, Right's ≤ 0) or a
// losing one.
function colour(o) {
  return o.wins ? 'pwin' : 'plose';
}

// sentence ends the server's words with a full stop.
function sentence(t) {
  if (!t) return '';
  const u = t[0].toUpperCase() + t.slice(1);
  return /[.!]$/.test(u) ? u : u + '.';
}

// RANK says in words what an option is among its side's options (the
// server's rank: the canonical form theorem's words).
const RANK = {
  best: (side) => `best: no other option of ${NAME[side]}'s is better for ${NAME[side]}`,
  dominated: (side) => `dominated: another option of ${NAME[side]}'s is better for ${NAME[side]}, who never needs this one`,
  reversible: (side) => `reversible: ${NAME[OTHER[side]]} has an answer at least as good for ${NAME[OTHER[side]]} as the position before the move`,
};

function optionWords(o, side) {
  const rank = [o.rank && RANK[o.rank] ? RANK[o.rank](side) : '', o.reversible ? RANK.reversible(side) : ''].filter(Boolean).join('; ');
  return `${NAME[side]} ${o.wins ? 'wins' : 'loses'} moving here (value ${o.value}, the other player to move)${rank ? '; ' + rank : ''}`;
}

// rankChips are the marks of an option's rank: best or dominated, and
// reversible.
function rankChips(o, side) {
  if (!o.rank) return null;
  return h('span', { class: 'pranks' },
    h('span', { class: `chip prank p${o.rank}`, title: RANK[o.rank]?.(side) }, o.rank),
    o.reversible ? h('span', { class: 'chip prank preversible', title: RANK.reversible(side) }, 'reversible') : null);
}

export default {
  id: 'partizan',
  title: 'Partizan',
  mount(section, app) {
    const picker = h('select', { id: 'pz-ruleset', 'aria-label': 'Ruleset' });
    const about = h('div', { id: 'pz-about', class: 'about' });
    const text = h('input', { id: 'pz-position', class: 'mono', spellcheck: 'false', autocomplete: 'off', 'aria-label': 'Position' });
    const syntax = h('p', { id: 'pz-syntax', class: 'more' });
    const boardBox = h('div', { id: 'pz-board-box' });
    const pickBox = h('div', { id: 'pz-pick', class: 'pzpick' });
    const sizeRow = h('div', { class: 'pzsize', id: 'pz-size' });
    const modeSel = h('select', { id: 'pz-mode', 'aria-label': 'Mode' },
      h('option', { value: 'explore' }, 'Explore (click cells to edit)'),
      h('option', { value: 'left' }, 'Play as Left'),
      h('option', { value: 'right' }, 'Play as Right'));
    const firstSel = h('select', { id: 'pz-first', 'aria-label': 'Who moves first' },
      h('option', { value: 'left' }, 'Left moves first'),
      h('option', { value: 'right' }, 'Right moves first'));
    const hints = h('input', { type: 'checkbox', id: 'pz-hints' });
    const playRow = h('div', { class: 'row pzplayrow', id: 'pz-play-row', hidden: true },
      firstSel, h('button', { id: 'pz-start', onclick: () => startPlay() }, 'Start'),
      h('label', { class: 'check' }, hints, ' colour my options'));
    const status = h('div', { id: 'pz-status', class: 'status', role: 'status', hidden: true });
    const note = h('p', { id: 'pz-note', class: 'note', role: 'status' });
    const result = h('div', { id: 'pz-result', class: 'result' });
    const thermo = svg('svg', { id: 'pz-thermo', class: 'thermo' });
    const thermoText = h('p', { class: 'more', id: 'pz-thermo-text', title: 'as CGSuite prints it' });
    const thermoCard = h('div', { class: 'card', id: 'pz-thermo-card', hidden: true },
      h('h2', {}, 'Thermograph'), thermo,
      thermoText);
    const history = h('ol', { id: 'pz-history', class: 'history' });
    const stopBtn = h('button', {
      class: 'secondary small', id: 'pz-stop', hidden: true,
      onclick: () => { modeSel.value = 'explore'; playRow.hidden = true; stopPlay(); },
    }, 'Stop the game');

    let rulesets = [];
    let rs = null; // the ruleset shown
    let b = null; // its board spec (pboard.BOARDS), or null
    let board = null; // the board shown, or null (text only)
    let pic = null; // the picture shown (Hackenbush, graphs: the server's), or null
    let shown = null; // the last analysis shown
    let seq = 0;
    let marks = new Map();
    // play: null when exploring, else {human, toMove, over, moves}
    let play = null;
    let picked = []; // the cells clicked toward a move in play

    // the editor of pictures (Hackenbush, graphs): clicks edit them when
    // it is on, and each edit rewrites the position text
    const ed = pe.editor({
      picture: () => pic,
      text: () => text.value,
      format: (p) => pz.format(rs.name, p),
      apply: (t) => { text.value = t; marks = new Map(); clear(pickBox); drawPicture(); solveSoon(); },
      refused: (e) => clear(result, h('p', { class: 'error', role: 'alert', id: 'pz-error' }, e.message)),
      redraw: () => drawPicture(),
      moving: () => { if (pic) drawPicture(); else clear(boardBox); solve(); },
    }, { h, clear, view: pg.view });

    const setPosition = (p, { analyze = true } = {}) => {
      text.value = p;
      ed.reset();
      clear(pickBox);
      board = pb.parse(b, p);
      drawBoard();
      if (analyze) solve();
    };

    function drawBoard() {
      if (!board && pic) {
        drawPicture();
        return;
      }
      const el = document.getElementById('pz-board');
      if (!board || !el || !boardBox.contains(el) || !pb.refresh(el, board, { marks })) {
        clear(boardBox, board ? pb.view(board, { id: 'pz-board', marks, onCell, label: `${rs?.name ?? ''} board` }) : null);
      }
      sizeRow.hidden = !board || !!play;
      const dims = board ? `${rs?.name} ${board.rows.length}x${board.rows[0].length}` : '';
      if (board && dims !== sizeRow.dataset.dims) {
        sizeRow.dataset.dims = dims;
        const w = board.rows[0].length;
        const ht = board.rows.length;
        clear(sizeRow,
          h('span', { class: 'more', id: 'pz-dims' }, b.kind === 'strip' ? `${w} cells` : `${ht} × ${w}`),
          h('button', { class: 'secondary small', id: 'pz-col-minus', title: 'one column fewer', onclick: () => edit(pb.resize(b, board, 0, -1)) }, '− column'),
          h('button', { class: 'secondary small', id: 'pz-col-plus', title: 'one column more', onclick: () => edit(pb.resize(b, board, 0, 1)) }, '+ column'),
          b.kind === 'grid' ? [
            h('button', { class: 'secondary small', id: 'pz-row-minus', title: 'one row fewer', onclick: () => edit(pb.resize(b, board, -1, 0)) }, '− row'),
            h('button', { class: 'secondary small', id: 'pz-row-plus', title: 'one row more', onclick: () => edit(pb.resize(b, board, 1, 0)) }, '+ row'),
          ] : null,
          h('button', { class: 'secondary small', id: 'pz-clear', title: 'every cell empty', onclick: () => edit(pb.sized(b, w, ht)) }, 'clear'));
      }
    }

    // drawPicture draws the server's picture of the position (redrawn
    // when the position changes, its marks changed in place otherwise).
    function drawPicture() {
      sizeRow.hidden = true;
      const el = document.getElementById('pz-picture');
      if (ed.editing) {
        // the part focused stays focused (a keyboard's user edits on)
        const focus = boardBox.contains(document.activeElement) ? document.activeElement.dataset?.part : null;
        clear(boardBox, ed.view(`${rs?.name ?? ''} position, being edited`));
        if (focus) boardBox.querySelector(`[data-part="${focus}"]`)?.focus();
        return;
      }
      if (el && boardBox.contains(el) && !el.classList.contains('editing') && el.dataset.position === (shown?.position ?? '')) {
        pg.refresh(el, marks);
        return;
      }
      const v = pg.view(pic, { id: 'pz-picture', marks, onPart, label: `${rs?.name ?? ''} position` });
      v.dataset.position = shown?.position ?? '';
      clear(boardBox, v);
    }

    // onPart answers a click on an edge or a vertex of the picture: in
    // play, a step toward the player's move; exploring, the option that
    // changes it (or a choice, when the options of both sides do).
    function onPart(key) {
      if (play) {
        pickCell(key);
        return;
      }
      if (!shown) return;
      const cand = SIDES.flatMap((side) => shown.options[side].filter((o) => pg.parts(pic, o).includes(key)).map((o) => ({ side, o })));
      if (cand.length === 0) {
        clear(pickBox, h('p', { class: 'more', id: 'pz-pick-none' }, pic.kind === 'hackenbush' ? 'No option cuts this edge.' : 'No option changes this vertex.'));
        return;
      }
      if (new Set(cand.map(({ o }) => o.position)).size === 1) {
        setPosition(cand[0].o.position);
        return;
      }
      clear(pickBox, h('p', { class: 'more' }, 'Moves here: '), cand.map(({ side, o }) => h('button', {
        class: `secondary small ${colour(o)}`, 'data-position': o.position, 'data-side': side,
        title: optionWords(o, side),
        onclick: () => setPosition(o.position),
        onmouseenter: () => mark(o.position, 'pmove'),
        onmouseleave: () => mark(null),
      }, `${NAME[side]}: ${o.move ?? o.position} (${o.value})`)));
    }

    function edit(nb) {
      board = nb;
      text.value = pb.format(nb);
      marks = new Map();
      drawBoard();
      solveSoon();
    }

    function onCell(i, j) {
      if (!play) {
        edit(pb.cycle(b, board, i, j));
        return;
      }
      pickCell(i + ',' + j);
    }

    // solve asks the server for everything about the position shown.
    async function solve() {
      if (!rs) return;
      const mine = ++seq;
      result.classList.add('busy');
      try {
        // every option when playing (a click on the board picks among
        // them), a page of them when exploring
        const asked = text.value;
        const r = await pz.analyze(rs.name, asked, { limit: play ? 'all' : PAGE });
        if (mine !== seq) return;
        shown = r;
        result.dataset.asked = asked; // the text the answer shown is of
        showAnalysis(r);
      } catch (e) {
        if (mine !== seq) return;
        shown = null;
        if (pic) {
          pic = null;
          if (!ed.editing) clear(boardBox);
        }
        thermoCard.hidden = true;
        clear(result, h('p', { class: 'error', role: 'alert', id: 'pz-error' }, e.message));
      } finally {
        if (mine === seq) result.classList.remove('busy');
      }
    }
    const solveSoon = debounce(solve, 250);

    function fact(label, value, id, title) {
      return [h('dt', { title }, label), h('dd', { id, class: 'mono' }, value)];
    }

    function showAnalysis(r) {
      pic = board ? null : r.picture ?? null;
      if (pic && !ed.drafting) {
        // (while editing, the draft drawn stays: it is this picture)
        marks = new Map();
        drawPicture();
      }
      if (!play && r.position !== text.value && pb.parse(b, r.position) && !pb.parse(b, text.value)) {
        // "4x5" and the like: show the board the server read.
        text.value = r.position;
        board = pb.parse(b, r.position);
        drawBoard();
      }
      const win = (side) => {
        const n = (r[side + '_winning_moves'] ?? []).length;
        const moving = `${NAME[side]} moving first`;
        if ((r.option_counts[side] ?? r.options[side].length) === 0 && !r.moves_note) return `${NAME[side]} has no move (and loses moving first).`;
        return n === 0 ? `${moving} has no winning move.` : `${moving} wins with ${n === 1 ? 'one move' : n + ' moves'}.`;
      };
      clear(result,
        h('div', { class: 'verdict' },
          h('div', { class: 'value pzvalue', id: 'pz-value', title: 'the value in canonical form (CGSuite\'s notation)' }, r.value),
          h('div', {},
            h('span', { class: 'badge pz-' + r.outcome, id: 'pz-outcome', title: 'outcome class' }, r.outcome),
            h('p', { class: 'explain', id: 'pz-sentence' }, sentence(r.outcome_text), ' ', win('left'), ' ', win('right')))),
        h('dl', { class: 'facts pzfacts', id: 'pz-facts' },
          fact('Left stop', r.left_stop, 'pz-lstop', 'the number Left reaches moving first, both playing to the best stop'),
          fact('Right stop', r.right_stop, 'pz-rstop', 'the number Right reaches moving first'),
          fact('Mean', r.mean, 'pz-mean', 'where the thermograph\'s walls meet: the value of many copies, per copy'),
          fact('Temperature', r.temperature, 'pz-temp', 'how hot the game is: the height of the thermograph\'s mast (−1 for an integer, CGSuite\'s convention)')),
        play ? null : h('div', { class: 'pzopts' }, SIDES.map((side) => optionList(r, side))),
        play ? null : h('div', { class: 'more pzlegend', id: 'pz-legend' },
          h('p', {}, h('span', { class: 'chip pwin' }, 'wins'), ' ', h('span', { class: 'chip plose' }, 'loses'),
            ' — for the player making the move, the other then to move (Left\'s option wins when its value is ≥ 0, Right\'s when ≤ 0).'),
          h('p', {}, h('span', { class: 'chip prank pbest' }, 'best'),
            ' — no other option of the same side is better for its player (options of equal value, or of no comparison with each other, are each best). ',
            h('span', { class: 'chip prank pdominated' }, 'dominated'),
            ' — another option of the same side is better: the player never needs this one. ',
            h('span', { class: 'chip prank preversible' }, 'reversible'),
            ' — the other player has an answer at least as good for them as the position before the move, so the move comes to the player\'s moves after that answer.'),
          h('p', {}, 'Click an option to go there, hover it to see it on the board.')));
      thermoCard.hidden = !r.thermograph;
      if (r.thermograph) {
        drawThermograph(thermo, { ...r.thermograph, left_stop: r.left_stop, right_stop: r.right_stop },
          { label: `thermograph of ${r.value}` });
        thermoText.textContent = r.thermograph.cgsuite ?? '';
      }
      if (play) playTurn(r);
    }

    function optionButton(o, side) {
      return h('li', {},
        h('button', {
          class: `move ${colour(o)} p${o.rank ?? 'unranked'}`,
          'data-position': o.position,
          'data-value': o.value,
          'data-rank': o.rank ?? '',
          'data-reversible': String(!!o.reversible),
          title: optionWords(o, side),
          onclick: () => setPosition(o.position),
          onmouseenter: () => mark(o.position, 'pmove'),
          onmouseleave: () => mark(null),
          onfocus: () => mark(o.position, 'pmove'),
          onblur: () => mark(null),
        },
        h('code', { class: 'opos' }, o.position),
        o.move ? h('span', { class: 'desc' }, o.move) : null,
        h('span', { class: 'ovalue' }, o.value),
        rankChips(o, side)));
    }

    // optionList lists the page of side's options the server sent, and
    // "more…" while it says there are more (the next page asked for at
    // its next offset, appended).
    function optionList(r, side) {
      const opts = r.options[side];
      const n = r.option_counts?.[side] ?? opts.length;
      const list = h('ul', { class: 'moves' }, opts.map((o) => optionButton(o, side)));
      const tail = h('div', { class: 'pzmore', id: `pz-${side}-tail` });
      const showTail = () => {
        const next = r.next?.[side];
        const note = r.notes?.[side];
        clear(tail, next
          ? h('button', { class: 'secondary small', id: `pz-${side}-more`, title: note ? sentence(note) : '', onclick: () => more(next) },
            `more… (${n - r.options[side].length} not shown)`)
          : note ? h('p', { class: 'more', id: `pz-${side}-note` }, sentence(note)) : null);
      };
      async function more(at) {
        const mine = seq;
        tail.querySelector('button')?.setAttribute('disabled', '');
        try {
          const page = await pz.analyze(rs.name, r.position, { offset: at, limit: PAGE });
          if (mine !== seq || shown !== r) return;
          r.options[side] = r.options[side].concat(page.options[side]);
          list.append(...page.options[side].map((o) => optionButton(o, side)));
          r.next[side] = page.next[side];
          r.notes[side] = page.notes[side];
          showTail();
        } catch (e) {
          if (mine === seq) clear(tail, h('p', { class: 'error', role: 'alert' }, e.message));
        }
      }
      showTail();
      return h('div', { class: 'pzside', id: `pz-${side}-options` },
        h('h3', {}, `${NAME[side]}'s options`, rs?.[side] ? h('span', { class: 'more' }, ` (${rs[side]})`) : null, ` · ${n}`),
        n === 0 ? h('p', { class: 'more' }, `${NAME[side]} has no move.`) : null,
        list, tail);
    }

    // mark shows on the board the cells an option changes (on a picture,
    // the parts the server says it changes).
    function mark(position, cls) {
      marks = new Map();
      if (pic && ed.editing) return; // the draft's numbering is its own
      if (pic) {
        const o = position && shown && SIDES.flatMap((side) => shown.options[side]).find((x) => x.position === position);
        for (const k of o ? pg.parts(pic, o) : []) marks.set(k, cls);
        drawPicture();
        return;
      }
      const to = position && pb.parse(b, position);
      for (const c of (to && pb.changed(board, to)) ?? []) marks.set(c, cls);
      if (board) drawBoard();
    }

    // --- play against the perfect player ---

    function startPlay() {
      play = { human: modeSel.value, toMove: firstSel.value, over: false, moves: [], start: text.value };
      picked = [];
      clear(history);
      ed.hide(true);
      stopBtn.hidden = false;
      text.disabled = true;
      picker.disabled = true;
      drawBoard();
      solve();
    }

    function stopPlay() {
      play = null;
      picked = [];
      text.disabled = false;
      picker.disabled = false;
      stopBtn.hidden = true;
      ed.hide(false);
      status.hidden = true;
      note.textContent = '';
      clear(history);
      drawBoard();
      solve();
    }

    function say(cls, main, why = '') {
      status.hidden = false;
      status.className = 'status ' + cls;
      clear(status, main, why ? h('span', { class: 'why' }, ' ', why) : null);
    }

    function record(who, from, to) {
      play.moves.push({ who, from, to });
      history.append(h('li', { class: who === play.human ? 'you' : 'computer' },
        h('span', { class: 'who' }, `${NAME[who]} (${who === play.human ? 'you' : 'computer'})`), h('code', {}, to)));
    }

    async function playTurn(r) {
      const side = play.toMove;
      if ((r.option_counts[side] ?? r.options[side].length) === 0) {
        play.over = true;
        const youLose = side === play.human;
        say(youLose ? 'lost' : 'won', youLose ? 'You lose.' : 'You win!', `${NAME[side]} has no move left (the player who cannot move loses).`);
        return;
      }
      if (side === play.human) {
        say('', `Your move (${NAME[side]}${rs?.[side] ? ', ' + rs[side] : ''}).`, board ? 'Click the cells your move changes, or pick it below.' : pic ? `Click the ${pic.kind === 'hackenbush' ? 'edge you cut' : 'vertices your move changes'}, or pick it below.` : 'Pick your move below.');
        showPlayerMoves(r, side);
        return;
      }
      say('thinking', 'The computer is thinking…');
      const mine = seq;
      try {
        const rep = await pz.reply(rs.name, text.value, side);
        if (mine !== seq || !play) return;
        if (!rep.move) {
          play.over = true;
          say('won', 'You win!', `${NAME[side]} has no move left.`);
          return;
        }
        record(side, text.value, rep.move.position);
        play.toMove = OTHER[side];
        setPosition(rep.move.position);
      } catch (e) {
        say('lost', 'The server could not answer:', e.message);
      }
    }

    function showPlayerMoves(r, side) {
      const opts = r.options[side];
      result.append(h('div', { class: 'pzside', id: 'pz-your-moves' },
        h('h3', {}, 'Your moves'),
        h('ul', { class: 'moves' }, opts.map((o) => h('li', {},
          h('button', {
            class: 'move' + (hints.checked ? ' ' + colour(o) : ''),
            'data-position': o.position,
            onclick: () => humanMove(o),
            onmouseenter: () => mark(o.position, 'pmove'),
            onmouseleave: () => mark(null),
          }, h('code', {}, o.position), o.move ? h('span', { class: 'desc' }, o.move) : null,
          hints.checked ? h('span', { class: 'ovalue' }, o.value) : null,
          hints.checked ? rankChips(o, side) : null))))));
    }

    function humanMove(o) {
      if (!play || play.over) return;
      picked = [];
      marks = new Map();
      record(play.human, text.value, o.position);
      play.toMove = OTHER[play.human];
      say('thinking', 'The computer is thinking…');
      setPosition(o.position);
    }

    // pickCell adds a clicked cell to the cells of the move being picked:
    // the moves of the player that change every picked cell are the
    // candidates; one left is played.
    function pickCell(cell) {
      if (!play || play.over || play.toMove !== play.human || !shown) return;
      const opts = shown.options[play.human];
      // each move (on a picture, each move to an option's position) with
      // what it changes
      const diffs = pic ? opts.flatMap((o) => pg.moves(pic, o).map((d) => ({ o, d })))
        : opts.map((o) => ({ o, d: pb.changed(board, pb.parse(b, o.position)) ?? [] }));
      let cand = diffs.filter(({ d }) => [...picked, cell].every((c) => d.includes(c)));
      if (cand.length === 0) {
        picked = [];
        cand = diffs.filter(({ d }) => d.includes(cell));
        if (cand.length === 0) {
          note.textContent = `None of your moves changes that ${pic ? (pic.kind === 'hackenbush' ? 'edge' : 'vertex') : 'cell'}.`;
          mark(null);
          return;
        }
      }
      picked = [...picked, cell];
      const exact = cand.filter(({ d }) => d.length === picked.length);
      const one = (list) => new Set(list.map(({ o }) => o.position)).size === 1;
      if (one(cand) || (one(exact) && exact.length > 0 && cand.length > 1 && picked.length > 1)) {
        note.textContent = '';
        humanMove((one(cand) ? cand[0] : exact[0]).o);
        return;
      }
      marks = new Map();
      for (const { d } of cand) for (const c of d) marks.set(c, 'pmaybe');
      for (const c of picked) marks.set(c, 'ppicked');
      const part = pic ? 'vertex' : 'cell';
      note.textContent = `${new Set(cand.map(({ o }) => o.position)).size} of your moves change ${picked.length === 1 ? 'this ' + part : 'these ' + (pic ? 'vertices' : 'cells')}: click another ${part} of the one you want, or pick it below.`;
      drawBoard();
    }

    // --- the ruleset ---

    function choose(name, position) {
      rs = rulesets.find((x) => x.name === name) ?? rulesets[0];
      picker.value = rs.name;
      b = rs.board === 'grid' || rs.board === 'strip' ? pb.spec(rs.name) : null;
      pic = null;
      ed.ruleset(rs);
      clear(about,
        h('p', { class: 'rule' }, h('span', { class: 'gamename' }, rs.title ?? rs.name), rs.rule ? ': ' + rs.rule + '.' : ''),
        h('p', { id: 'pz-who' }, h('b', { class: 'pleft' }, 'Left'), `: ${rs.left ?? '—'} · `, h('b', { class: 'pright' }, 'Right'), `: ${rs.right ?? '—'}`));
      syntax.textContent = rs.syntax ? 'Syntax: ' + rs.syntax : '';
      marks = new Map();
      setPosition(position ?? rs.example ?? '');
    }

    picker.addEventListener('change', () => {
      choose(picker.value);
      pushURL();
    });
    text.addEventListener('input', () => {
      ed.reset();
      board = pb.parse(b, text.value);
      drawBoard();
      solveSoon();
    });
    text.addEventListener('keydown', (e) => { if (e.key === 'Enter') solve(); });
    modeSel.addEventListener('change', () => {
      playRow.hidden = modeSel.value === 'explore';
      if (modeSel.value === 'explore' && play) stopPlay();
    });

    function pushURL() {
      app.go('partizan', { game: rs.name, position: text.value });
    }

    // --- the calculator ---
    const expr = h('input', { id: 'pz-expr', class: 'mono', spellcheck: 'false', value: '{1|*} + ^ + *3', 'aria-label': 'Expression' });
    const calcOut = h('div', { id: 'pz-calc-out' });
    const calcThermo = svg('svg', { id: 'pz-calc-thermo', class: 'thermo small' });
    async function calc() {
      try {
        const shownExpr = expr.value;
        const r = await pz.value(shownExpr);
        const facts = (v) => `stops ${v.left_stop} and ${v.right_stop} · mean ${v.mean} · temperature ${v.temperature}`;
        clear(calcOut,
          h('p', { class: 'summary' }, h('span', { class: 'mono', id: 'pz-calc-expr', title: r.expression ? 'read as ' + r.expression : undefined }, shownExpr),
            r.relation ? null : [' = ', h('b', { id: 'pz-calc-value', class: 'mono' }, r.value), ' ', h('span', { class: 'badge pz-' + r.outcome, id: 'pz-calc-outcome', title: r.outcome_text }, r.outcome)]),
          r.relation ? h('p', { id: 'pz-calc-relation', class: r.holds ? 'holds' : 'fails' },
            h('b', {}, r.holds ? 'True' : 'False'), `: the left side is ${r.compare === 'confused' ? 'confused with' : r.compare === 'equal' ? 'equal to' : r.compare + ' than'} the right side (`,
            h('span', { class: 'mono' }, r.value), ' against ', h('span', { class: 'mono' }, r.other?.value ?? ''), ').') : null,
          h('p', { class: 'more', id: 'pz-calc-facts' }, r.outcome_text ? sentence(r.outcome_text) + ' ' : '', facts(r)),
          calcThermo);
        if (r.thermograph) drawThermograph(calcThermo, { ...r.thermograph, left_stop: r.left_stop, right_stop: r.right_stop }, { height: 200, label: `thermograph of ${r.value}` });
        else calcThermo.replaceChildren();
      } catch (e) {
        clear(calcOut, h('p', { class: 'error', role: 'alert', id: 'pz-calc-error' }, e.message));
      }
    }
    expr.addEventListener('keydown', (e) => { if (e.key === 'Enter') calc(); });

    section.append(
      h('div', { class: 'intro' },
        h('h1', {}, 'Partizan games'),
        h('p', {}, 'Games where Left and Right have different moves (Conway, On Numbers and Games): the value in canonical form, who wins, each side\'s options coloured by what they do for the player making them, the stops, the mean and the temperature, and the thermograph. Edit the board by clicking its cells (a Hackenbush picture or a graph: switch its clicks to Edit), or type the position; then play it against the perfect player.')),
      h('div', { class: 'grid two pzgrid' },
        h('div', { class: 'card' },
          h('h2', {}, 'Ruleset'), picker, about,
          h('h2', {}, 'Position'), ed.element, boardBox, pickBox, sizeRow,
          h('label', { class: 'field' }, h('span', {}, 'Position as text'), text), syntax,
          h('h2', {}, 'Play'), modeSel, playRow, status, note, history, stopBtn),
        h('div', { class: 'card answer' }, h('h2', {}, 'Value'), result)),
      h('div', { class: 'grid two pzgrid' },
        thermoCard,
        h('div', { class: 'card', id: 'pz-calc' }, h('h2', {}, 'Calculator'),
          h('div', { class: 'row' }, h('label', { class: 'field' }, h('span', {}, 'An expression of values: {1|*} + ^ + *3, -{2|0}, 3/4v, comparisons A <= B, CGSuite\'s methods {3||2|1}.Cool(1/2)'), expr),
            h('button', { id: 'pz-calc-go', onclick: () => calc() }, '=')),
          calcOut)));

    return {
      async show(params) {
        if (rulesets.length === 0) {
          rulesets = await pz.rulesets();
          clear(picker, rulesets.map((x) => h('option', { value: x.name }, x.title ?? x.name)));
        }
        if (params.expr) expr.value = params.expr;
        if (play && (params.game ?? rs?.name) === rs?.name && (params.position ?? text.value) === text.value) return;
        if (play) stopPlay();
        if (!rs || params.game && params.game !== rs.name) choose(params.game ?? rulesets[0].name, params.position);
        else if (params.position !== undefined && params.position !== text.value) setPosition(params.position);
        else solve();
        if (params.mode === 'left' || params.mode === 'right') {
          modeSel.value = params.mode;
          playRow.hidden = false;
          if (params.first === 'left' || params.first === 'right') firstSel.value = params.first;
        }
        calc();
      },
    };
  },
};

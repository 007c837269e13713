// The protocol glue for scythe_board.js (docs/engine-protocol.md): reads requests on stdin, builds the
// engine's board from each request's state, makes the moves through its destination-only move call,
// and writes the state back. Its hello declares what the engine does not do, so nothing is made up.
'use strict';
const { ScytheBoard, Refusal } = require('./scythe_board');

const HELLO = {
  name: 'scythe-js', version: '1', games: ['scythe'],
  interpretations: { // the one reading of each point the engine implements
    'scythe.vacated-workers': 'any-unit', 'scythe.stop-path': 'must-end', 'scythe.carried-workers': 'counts-as-move',
    'scythe.units-per-move': 'no-cap', 'scythe.worker-blocking': 'presence',
  },
  moves: 'destination', // its move call takes a unit and where it ends
  not_modelled: ['held_by'], // it keeps no holder of a shared territory
  fixed_ruleset: { popularity_loss_per_worker: 1, popularity_min: 0 }, // hard-coded in ScytheBoard.sendHome
  unit_ids: true, // it maps the ids it is given to its own, and echoes them
};

const shared = (t) => Object.values(t.units || {}).filter((us) => Object.values(us).some((n) => n > 0)).length > 1;
const byFaction = (state, field) => Object.fromEntries(Object.entries(state.factions).map(([f, x]) => [f, x[field]]));

// The engine's board for a request; `ids` maps rulecheck's unit ids to the engine's own.
function boardOf({ state, ruleset }, ids) {
  const territories = {};
  for (const [id, t] of Object.entries(state.territories)) {
    territories[id] = { adjacent: t.adjacent || [], homeBase: t.home_base, encounter: !!t.encounter };
  }
  const board = new ScytheBoard(territories, ruleset.move_range, byFaction(state, 'popularity'), byFaction(state, 'home_base'));
  for (const [at, t] of Object.entries(state.territories)) {
    for (const [faction, kinds] of Object.entries(t.units || {})) {
      for (const [kind, n] of Object.entries(kinds)) {
        for (let i = 0; i < n; i++) ids.set(state.unit_ids[at][faction][kind][i], board.addUnit(faction, kind, at));
      }
    }
  }
  return board;
}

// The request's state with the engine's units (and their rulecheck ids), popularity and pending events.
function stateOf(state, board, ids, faction) {
  const out = { ...state, territories: {}, unit_ids: {} };
  for (const [id, t] of Object.entries(state.territories)) out.territories[id] = { ...t, units: {} };
  const rulecheckId = new Map([...ids].map(([theirs, ours]) => [ours, theirs]));
  for (const [id, u] of board.units) {
    const units = (out.territories[u.at].units[u.faction] ||= {});
    units[u.kind] = (units[u.kind] || 0) + 1;
    (((out.unit_ids[u.at] ||= {})[u.faction] ||= {})[u.kind] ||= []).push(rulecheckId.get(id));
  }
  out.factions = Object.fromEntries(Object.entries(state.factions).map(([f, x]) => [f, { ...x, popularity: board.popularity[f] }]));
  const now = board.pending(faction);
  const merged = (key) => [...new Set([...((state.pending || {})[key] || []), ...now[key]])].sort();
  out.pending = { combats: merged('combats'), encounters: merged('encounters') };
  return out;
}

function apply(request) {
  const { state, action } = request;
  if (action.type !== 'move') return { unsupported: `action ${action.type}` };
  if (Object.values(state.territories).some(shared)) {
    return { unsupported: 'a territory that factions share: the engine keeps no holder (held_by)' };
  }
  const ids = new Map();
  const board = boardOf(request, ids);
  try {
    for (const m of action.moves) {
      if (!ids.has(m.unit_id)) throw new Refusal('scythe.move.unit-present');
      const n = (m.carry || {}).worker || 0;
      const there = [...board.units].filter(([, u]) => u.at === m.from && u.faction === action.faction && u.kind === 'worker');
      const riders = there.filter(([, u]) => !u.moved).slice(0, n).map(([id]) => id);
      if (there.length < n || riders.length < n) throw new Refusal(`scythe.move.${there.length < n ? 'unit-present' : 'once-per-action'}`);
      board.move(ids.get(m.unit_id), m.to, riders);
    }
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    return { legal: false, rule: e.rule };
  }
  return { legal: true, state: stateOf(state, board, ids, action.faction) };
}

function answer(request) {
  if (request.op === 'hello') return HELLO;
  if (request.op === 'query') return { id: request.id, unsupported: `query ${request.query.type}` };
  if (request.op !== 'apply') return { id: request.id ?? null, error: `unknown op ${request.op}` };
  return { id: request.id, ...apply(request) };
}

// rulecheck sends one JSON object per line and never a line that is not one.
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  const request = JSON.parse(line);
  if (request.op === 'bye') process.exit(0);
  process.stdout.write(`${JSON.stringify(answer(request))}\n`);
});

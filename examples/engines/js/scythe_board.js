// A small Scythe movement engine, written the way engines are: units with ids of its own, and a move
// call that takes a unit and a destination (it finds the path). It knows nothing of rulecheck's
// protocol (adapter.js is the glue). What it does not model, it does not make up: no holder of a
// shared territory (held_by), one popularity lost per worker sent home, popularity never below 0, and
// one reading of each point the rulebook leaves open (adapter.js declares them all in its hello).
'use strict';

const COMBAT = ['character', 'mech'];

class Refusal extends Error { constructor(rule) { super(rule); this.rule = rule; } }

class ScytheBoard {
  // territories: id -> {adjacent, homeBase (a faction or null), encounter}; range: unit kind -> steps
  constructor(territories, range, popularity, homes) {
    Object.assign(this, { territories, range, popularity, homes, units: new Map(), next: 1, encountered: new Set() });
  }

  addUnit(faction, kind, at) {
    const id = `u${this.next++}`;
    this.units.set(id, { faction, kind, at, moved: false });
    return id;
  }

  unitsAt(at, test = () => true) { return [...this.units.values()].filter((u) => u.at === at && test(u)); }
  opponents(at, faction, kinds) { return this.unitsAt(at, (u) => u.faction !== faction && kinds.includes(u.kind)); }

  // Why `unit` may not go on past `at` (a stop), or null.
  stopAt(unit, at) {
    if (this.opponents(at, unit.faction, COMBAT).length) return 'scythe.move.combat-stop';
    if (this.opponents(at, unit.faction, ['worker']).length) return 'scythe.move.workers-stop';
    return unit.kind === 'character' && this.territories[at].encounter ? 'scythe.move.encounter-stop' : null;
  }

  // Why `unit` may not enter `at` at all, or null (a worker: any opponent unit there blocks it).
  closed(unit, at) {
    if (this.territories[at].homeBase) return 'scythe.move.home-base';
    if (unit.kind !== 'worker') return null;
    if (this.opponents(at, unit.faction, COMBAT).length) return 'scythe.move.worker-blocked-by-combat-units';
    return this.opponents(at, unit.faction, ['worker']).length ? 'scythe.move.worker-blocked-by-workers' : null;
  }

  // The paths of 1..`left` steps from `from` to `to`, no territory twice but a return to the start.
  paths(from, to, left, seen = [from]) {
    if (left === 0) return [];
    return this.territories[from].adjacent.filter((n) => n === to || !seen.includes(n))
      .flatMap((n) => (n === to ? [[n]] : this.paths(n, to, left - 1, [...seen, n]).map((p) => [n, ...p])));
  }

  // Why `unit` may not take `path`, or null.
  refusal(unit, path) {
    const leaving = unit.kind === 'worker' && this.opponents(unit.at, unit.faction, COMBAT).length;
    for (const [i, at] of path.entries()) {
      if (i === 0 && leaving && !this.territories[at].homeBase) return 'scythe.move.worker-blocked-by-combat-units';
      const why = this.closed(unit, at) || (i < path.length - 1 && this.stopAt(unit, at));
      if (why) return why;
    }
    return null;
  }

  // Moves unit `id` to `to` by some path within its range (the workers `riders` riding, when it is a mech).
  move(id, to, riders = []) {
    const unit = this.units.get(id);
    const stopped = unit.kind === 'character' && this.encountered.has(unit.at);
    if (unit.moved) throw new Refusal(stopped ? 'scythe.move.encounter-stop' : 'scythe.move.once-per-action');
    if (riders.length && unit.kind !== 'mech') throw new Refusal('scythe.move.mech-carry');
    if (riders.some((r) => this.units.get(r).moved)) throw new Refusal('scythe.move.once-per-action');
    const refusals = this.paths(unit.at, to, this.range[unit.kind]).map((p) => this.refusal(unit, p));
    if (!refusals.includes(null)) {
      const beyond = this.paths(unit.at, to, this.range[unit.kind] + 1).length;
      throw new Refusal(refusals[0] || (beyond ? 'scythe.move.range' : 'scythe.move.path'));
    }
    if (this.stopAt(unit, to) === 'scythe.move.workers-stop') this.sendHome(to, unit.faction);
    if (unit.kind === 'character' && this.territories[to].encounter) this.encountered.add(to);
    for (const u of [unit, ...riders.map((r) => this.units.get(r))]) Object.assign(u, { at: to, moved: true });
  }

  sendHome(at, faction) {
    const workers = this.opponents(at, faction, ['worker']);
    for (const w of workers) w.at = this.homes[w.faction];
    this.popularity[faction] = Math.max(0, this.popularity[faction] - workers.length);
  }

  // After all moves: a combat where the mover's character or mechs meet an opponent's; an encounter
  // where its character stopped on one and still stands.
  pending(faction) {
    const mine = (t, kinds) => this.unitsAt(t, (u) => u.faction === faction && kinds.includes(u.kind)).length;
    return {
      combats: Object.keys(this.territories).filter((t) => mine(t, COMBAT) && this.opponents(t, faction, COMBAT).length),
      encounters: [...this.encountered].filter((t) => mine(t, ['character'])),
    };
  }
}

module.exports = { ScytheBoard, Refusal };

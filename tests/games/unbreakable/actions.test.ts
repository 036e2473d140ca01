// Checklist items [core] #15-#25, #58: the action budget, weapon and physical actions, movement,
// stacking and displacement. Spec: shared/rules/unbreakable.md §6.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activate, apply, board, decision, HIT, MISS, problem, put, rolls, rs, terrain } from './helpers.js';

test('#15 action budget: weapon action then physical action; after the physical action the unit is done (§6.1)', () => {
  let s = board();
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0305');
  activate(s, 'blue', 'walker');
  s = apply(s, { type: 'move', unit: 'W1', path: ['0404'] }).s;
  assert.equal(problem(s, { type: 'reload', unit: 'W1', weapon: 'beam1' }), 'actions_used');
  assert.equal(problem(s, { type: 'configure', unit: 'W2' }), null, 'other units still act (free interleaving, A7)');
});

test('#15 status gating: buttoned may reload and move but not fire; offline units take no action', () => {
  const s = board();
  const w = put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['nuke'] }, { status: 'buttoned' });
  put(s, 'WA', 'yellow', 'walker', '0406');
  w.weapons[0].loaded = false;
  activate(s, 'blue', 'walker');
  assert.equal(problem(s, { type: 'reload', unit: 'W1', weapon: 'beam1' }), null);
  assert.equal(problem(s, { type: 'fire', unit: 'W1', weapon: 'bomb1', target: '0406' }), 'not_ready');
  w.status = 'offline';
  assert.equal(problem(s, { type: 'move', unit: 'W1', path: ['0404'] }), 'offline');
});

test('#16 #18 crawler fires two medium weapons, or fires one and reloads a different one (§6.2)', () => {
  let s = board();
  const c = put(s, 'C1', 'blue', 'crawler', '0405', { beams: ['force', 'stasis'], bombs: ['nuke'] });
  put(s, 'WA', 'yellow', 'walker', '0406');
  activate(s, 'blue', 'crawler');
  s = apply(s, { type: 'fire', unit: 'C1', weapon: 'beam2', target: 'WA' }, [MISS, MISS]).s; // [2/2]? medium vs medium = [1/1]: blank
  assert.equal(problem(s, { type: 'fire', unit: 'C1', weapon: 'bomb1', target: '0406' }), 'weapon_action_used', 'the heavy bomb is not a second medium weapon');
  assert.equal(problem(s, { type: 'reload', unit: 'C1', weapon: 'beam2' }), 'weapon_action_used', 'a different weapon');
  assert.equal(problem(s, { type: 'fire', unit: 'C1', weapon: 'beam1', target: 'WA' }), null);
  void c;
});

test('#17 reload: two light weapons for a walker; squads reload one (§6.2)', () => {
  let s = board();
  const w = put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force', 'laser'], bombs: ['nuke'] });
  w.weapons[0].loaded = false; w.weapons[1].loaded = false;
  activate(s, 'blue', 'walker');
  s = apply(s, { type: 'reload', unit: 'W1', weapon: 'beam1' }).s;
  assert.equal(problem(s, { type: 'reload', unit: 'W1', weapon: 'beam2' }), null);
  s = apply(s, { type: 'reload', unit: 'W1', weapon: 'beam2' }).s;
  assert.ok(s.units.W1.weapons.every((x) => x.loaded));
});

test('#19 change configuration; a landing squad that would over-stack is scattered (§6.3)', () => {
  let s = board();
  put(s, 'S1', 'blue', 'squad', '0405', undefined, { config: 'hover' });
  put(s, 'W1', 'yellow', 'walker', '0405');
  put(s, 'SA', 'yellow', 'squad', '0405');
  put(s, 'SB', 'yellow', 'squad', '0405');
  activate(s, 'blue', 'squad');
  s = apply(s, { type: 'configure', unit: 'S1' }).s;
  assert.equal(s.units.S1.config, 'ground');
  assert.equal(s.units.S1.status, 'offline');
});

test('#20 clear stasis hit: dice = markers, any ☺ removes one (§6.3)', () => {
  let s = board();
  put(s, 'W1', 'blue', 'walker', '0405', undefined, { stasis: 2 });
  put(s, 'W2', 'blue', 'walker', '0305'); // keeps the activation open
  activate(s, 'blue', 'walker');
  const r = apply(s, { type: 'clearStasis', unit: 'W1' }, [MISS, HIT]);
  s = r.s;
  assert.equal(rolls(r.events)[0].faces.length, 2);
  assert.equal(s.units.W1.stasis, 1);
});

test('#21 move: 1 hex, hovering squad 1-2, Down walker immobile, no voluntary volcano (§6.4)', () => {
  const s = board();
  put(s, 'W1', 'blue', 'walker', '0405', undefined, { config: 'down' });
  put(s, 'W2', 'blue', 'walker', '0305');
  terrain(s, { '0304': 'volcano' });
  activate(s, 'blue', 'walker');
  assert.equal(problem(s, { type: 'move', unit: 'W1', path: ['0404'] }), 'walker_down');
  assert.equal(problem(s, { type: 'move', unit: 'W2', path: ['0304'] }), 'volcano');
  assert.equal(problem(s, { type: 'move', unit: 'W2', path: ['0205', '0206'] }), 'bad_path');
  assert.equal(problem(s, { type: 'move', unit: 'W2', path: ['0407'] }), 'not_adjacent');
  const t = board();
  put(t, 'S1', 'blue', 'squad', '0405', undefined, { config: 'hover' });
  activate(t, 'blue', 'squad');
  assert.equal(problem(t, { type: 'move', unit: 'S1', path: ['0404', '0403'] }), null);
});

test('#22 a crawler entering industry or woods rolls [1/3]; success makes it Rough (§6.4.3)', () => {
  let s = board();
  put(s, 'C1', 'blue', 'crawler', '0613');
  activate(s, 'blue', 'crawler');
  const r = apply(s, { type: 'move', unit: 'C1', path: ['0612'] }, [MISS, MISS, HIT]);
  s = r.s;
  assert.equal(rolls(r.events)[0].faces.length, 3);
  assert.equal(s.map['0612'].terrain, 'rough');
});

test('#23 off-map entry by an edge hex, exit removes the unit for good (§6.4.5)', () => {
  let s = board();
  put(s, 'SA', 'yellow', 'squad', null, undefined, { config: 'hover' });
  activate(s, 'yellow', 'squad');
  assert.equal(problem(s, { type: 'move', unit: 'SA', path: ['0601'] }), 'not_entry_edge');
  assert.equal(problem(s, { type: 'fire', unit: 'SA', weapon: 'bomb1', target: '0610' }), 'off_map');
  s = apply(s, { type: 'move', unit: 'SA', path: ['0615', '0614'] }).s;
  assert.equal(s.units.SA.at, '0614');
  const t = board();
  put(t, 'W1', 'blue', 'walker', '0601');
  activate(t, 'blue', 'walker');
  const u = apply(t, { type: 'move', unit: 'W1', path: ['off'] }).s;
  assert.equal(u.units.W1.gone, 'exit:north');
});

test('#24 stacking: 4 points per hex; a squad cannot enter a full hex; hovering squads count 0 (§6.5)', () => {
  const s = board();
  put(s, 'W1', 'yellow', 'walker', '0404');
  put(s, 'W2', 'yellow', 'walker', '0404');
  put(s, 'S1', 'blue', 'squad', '0405');
  put(s, 'S2', 'blue', 'squad', '0405', undefined, { config: 'hover' });
  activate(s, 'blue', 'squad');
  assert.equal(problem(s, { type: 'move', unit: 'S1', path: ['0404'] }), 'overstack');
  assert.equal(problem(s, { type: 'move', unit: 'S2', path: ['0404'] }), null);
});

test('#25 displacement: a walker entering 4 squads displaces 2; mixed sides roll who starts; owners place; knock-down rolls (§6.6)', () => {
  let s = board();
  put(s, 'W1', 'blue', 'walker', '0405');
  for (const id of ['S1', 'S2']) put(s, id, 'blue', 'squad', '0404');
  for (const id of ['SA', 'SB']) put(s, id, 'yellow', 'squad', '0404');
  activate(s, 'blue', 'walker');
  const r = apply(s, { type: 'move', unit: 'W1', path: ['0404'] }, [HIT]); // ☺: Yellow moves first
  s = r.s;
  let d = decision(s);
  assert.equal(d.kind, 'displace');
  assert.equal(d.seat, 1);
  assert.equal(problem(s, { type: 'displace', unit: 'S1', to: '0304' }), 'not_displaceable');
  s = apply(s, { type: 'displace', unit: 'SA', to: '0304' }).s;
  d = decision(s);
  assert.equal(d.seat, 0, 'then Blue');
  const fin = apply(s, { type: 'displace', unit: 'S1', to: '0403' }, [HIT, MISS]);
  s = fin.s;
  assert.equal(s.units.SA.status, 'offline', 'first displaced unit: ☺ → scattered');
  assert.equal(s.units.S1.status, 'ready');
  assert.equal(decision(s).kind, 'activation');
});

test('#25 a crawler cannot enter a hex with a crawler; it displaces all walkers and counted squads', () => {
  const s = board();
  put(s, 'C1', 'blue', 'crawler', '0405');
  put(s, 'CA', 'yellow', 'crawler', '0404');
  activate(s, 'blue', 'crawler');
  assert.equal(problem(s, { type: 'move', unit: 'C1', path: ['0404'] }), 'overstack');
  delete s.units.CA;
  put(s, 'WA', 'yellow', 'walker', '0404');
  put(s, 'SA', 'yellow', 'squad', '0404');
  const r = apply(s, { type: 'move', unit: 'C1', path: ['0404'] });
  assert.equal((decision(r.s).exposes as { need: number }).need, 2);
});

test('#58 validation names the rule: 422-style codes for status, LOS, loaded, stacking', () => {
  const s = board();
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['nuke'] });
  activate(s, 'blue', 'walker');
  const d = decision(s);
  assert.equal(rs.validate(s, 1, d, { type: 'end' })?.code, 'not_your_decision');
  assert.equal(problem(s, { type: 'reload', unit: 'W1', weapon: 'beam1' }), 'loaded');
  assert.equal(problem(s, { type: 'fire', unit: 'W1', weapon: 'nope', target: '0405' }), 'no_weapon');
  assert.equal(problem(s, { type: 'fire', unit: 'W1', weapon: 'beam1', target: 'ZZ' }), 'bad_target');
});

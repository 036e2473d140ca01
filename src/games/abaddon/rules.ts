// Abaddon rules: the state machine behind the ruleset (setup, turn flow, combat, victory).
// Pure: every random outcome comes from the entry's Rng, drawn when the rule needs it.
import type { GameEvent, Result, Rng, Seat } from '../../engine/types.js';
import { rollEvent } from '../../engine/mech/dice.js';
import { newDeck } from '../../engine/mech/deck.js';
import * as G from '../../engine/mech/grid-square.js';
import type { Faction, GameData, Mission, Objective, Rect, UnitType, WsCardDef, XY } from './data.js';
import { FACES, UNIT, type AbState, type Attack, type Unit } from './state.js';

export type Ev = GameEvent[];

export const other = (f: Faction): Faction => (f === 'SCS' ? 'CA' : 'SCS');

export class Rules {
  readonly ws: Map<string, WsCardDef>;
  readonly wfById: Map<string, GameData['wf'][number]>;
  readonly markerById: Map<string, GameData['markers'][number]>;
  readonly missions: Map<string, Mission>;

  constructor(readonly data: GameData) {
    this.ws = new Map(data.ws.map((c) => [c.id, c]));
    this.wfById = new Map(data.wf.map((c) => [c.id, c]));
    this.markerById = new Map(data.markers.map((m) => [m.id, m]));
    this.missions = new Map(data.missions.map((m) => [m.id, m]));
  }

  mission(s: AbState): Mission {
    return this.missions.get(s.mission)!;
  }

  kind(card: string): WsCardDef['kind'] | undefined {
    return this.ws.get(card)?.kind;
  }

  // ---------------------------------------------------------------- queries

  unit(s: AbState, id: string): Unit | undefined {
    return s.units.find((u) => u.id === id);
  }

  onBoard(s: AbState): Unit[] {
    return s.units.filter((u) => u.status === 'board');
  }

  unitAt(s: AbState, c: G.Cell): Unit | undefined {
    return s.units.find((u) => u.status === 'board' && u.at![0] === c[0] && u.at![1] === c[1]);
  }

  terrainAt(s: AbState, c: G.Cell): boolean {
    return s.terrain.some((t) => t.at[0] === c[0] && t.at[1] === c[1]);
  }

  /** Blocked for movement and LOS: terrain or any unit on the board (except `ignore`). */
  blocker(s: AbState, ignore?: string): (c: G.Cell) => boolean {
    const set = new Set<string>();
    for (const t of s.terrain) set.add(G.key(t.at));
    for (const u of s.units) if (u.status === 'board' && u.id !== ignore) set.add(G.key(u.at!));
    return (c) => set.has(G.key(c));
  }

  teamSeats(s: AbState, f: Faction): Seat[] {
    return s.seats.map((x, i) => (x.faction === f ? i : -1)).filter((i) => i >= 0);
  }

  factionOf(s: AbState, seat: Seat): Faction {
    return s.seats[seat].faction;
  }

  enemiesAdjacent(s: AbState, u: Unit): boolean {
    return s.units.some((e) => e.status === 'board' && e.faction !== u.faction && G.adjacent(e.at!, u.at!));
  }

  hasMarker(u: Unit, effect: string): boolean {
    return u.markers.some((m) => this.markerById.get(m)?.effect === effect);
  }

  diceOn(s: AbState, unit: string): number {
    return s.dice.filter((d) => d.use === 'order' && d.unit === unit).length;
  }

  ordered(s: AbState, unit: string): boolean {
    return this.diceOn(s, unit) > 0;
  }

  moveAllowance(s: AbState, u: Unit): number {
    const per = Math.max(0, UNIT[u.type].move - (this.hasMarker(u, 'movementMinus1') ? 1 : 0));
    return this.diceOn(s, u.id) * per;
  }

  inRects(rs: Rect[] | undefined, c: G.Cell): boolean {
    return !!rs?.some((r) => c[0] >= r.x0 && c[0] <= r.x1 && c[1] >= r.y0 && c[1] <= r.y1);
  }

  exitZone(s: AbState, u: Unit): Rect[] | null {
    const ex = this.mission(s).exits?.find((e) => e.faction === u.faction && e.types.includes(u.type));
    return ex ? ex.zone : null;
  }

  /** A cell on the board edge adjacent to off-board (exits step over the edge). */
  onEdge(s: AbState, c: G.Cell): boolean {
    return c[0] === 0 || c[1] === 0 || c[0] === s.width - 1 || c[1] === s.height - 1;
  }

  /** Legal destinations for an ordered unit (and whether it may exit the board). */
  moves(s: AbState, u: Unit): { to: XY[]; exit: boolean } {
    if (u.status !== 'board' || !this.ordered(s, u.id) || s.moved.includes(u.id) || this.hasMarker(u, 'cannotMove')) return { to: [], exit: false };
    const max = this.moveAllowance(s, u);
    if (max <= 0) return { to: [], exit: false };
    const dist = G.reach(s, u.at!, max, this.blocker(s, u.id));
    const to: XY[] = [];
    let exit = false;
    const zone = this.exitZone(s, u);
    for (const [k, d] of dist) {
      const c = G.unkey(k);
      if (d > 0) to.push(c);
      if (zone && d <= max - 1 && this.inRects(zone, c) && this.onEdge(s, c)) exit = true;
    }
    to.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    return { to, exit };
  }

  lock(s: AbState, seat: Seat, target: Unit): number {
    return s.lockons.some((l) => l.seat === seat && target.at && l.at[0] === target.at[0] && l.at[1] === target.at[1]) ? 1 : 0;
  }

  /** Why `u` may not fire a card of `kind` at `t`, or null. */
  rangedProblem(s: AbState, u: Unit, t: Unit, kind: 'los' | 'sb' | 'lrb', blocked?: (c: G.Cell) => boolean): string | null {
    const d = G.chebyshev(u.at!, t.at!);
    if (kind === 'los') {
      if (!G.straightLine(u.at!, t.at!)) return 'not_straight_line';
      if (d < 2 || d > 5) return 'out_of_range';
      if (!G.lineOfSight(u.at!, t.at!, blocked ?? this.blocker(s)).ok) return 'no_line_of_sight';
      return null;
    }
    if (kind === 'sb') return d < 2 || d > 5 ? 'out_of_range' : null;
    return d < 6 || d > 8 ? 'out_of_range' : null;
  }

  /** Ordered units that could still declare a ranged attack (public facts only). */
  canDeclareAny(s: AbState): boolean {
    if (s.hands[s.active].length === 0) return false;
    return this.onBoard(s).some((u) => u.seat === s.active && this.ordered(s, u.id) && !s.battled.includes(u.id)
      && !s.attacks.some((a) => a.unit === u.id) && !this.hasMarker(u, 'cannotRanged') && !this.enemiesAdjacent(s, u)
      && this.onBoard(s).some((e) => e.faction !== u.faction && G.chebyshev(e.at!, u.at!) >= 2 && G.chebyshev(e.at!, u.at!) <= 8));
  }

  closeTargets(s: AbState, u: Unit): Unit[] {
    if (u.status !== 'board' || u.seat !== s.active || !this.ordered(s, u.id) || s.battled.includes(u.id) || s.attacks.some((a) => a.unit === u.id)) return [];
    return this.onBoard(s).filter((e) => e.faction !== u.faction && G.adjacent(e.at!, u.at!));
  }

  eliminated(s: AbState, seat: Seat): boolean {
    return !s.units.some((u) => u.seat === seat && (u.status === 'board' || u.status === 'reserve'));
  }

  vp(s: AbState, f: Faction): number {
    return s.cup[f] + s.counters[f];
  }

  // ---------------------------------------------------------------- cards

  private reshuffleIfEmpty(s: AbState, deck: 'ws' | 'wf', ev: Ev): boolean {
    const d = s[deck];
    if (d.pool.length + d.top.length > 0) return true;
    if (d.discard.length === 0) return false;
    s[deck] = { top: [], pool: d.discard.slice().sort(), discard: [] };
    ev.push({ type: 'deck_reshuffled', to: 'all', data: { deck, reason: 'empty', size: s[deck].pool.length } });
    return true;
  }

  private drawFrom(s: AbState, deck: 'ws' | 'wf', rng: Rng): string | null {
    const d = s[deck];
    if (d.top.length) {
      const c = d.top[0];
      s[deck] = { ...d, top: d.top.slice(1) };
      return c;
    }
    if (!d.pool.length) return null;
    const i = rng.fork(`deck:${deck}`).int(d.pool.length);
    const pool = d.pool.slice();
    const [c] = pool.splice(i, 1);
    s[deck] = { ...d, pool };
    return c;
  }

  /** Draws n WS cards for a seat, playing any Reboot Decks card at once (AMB-11: replaced). */
  drawWS(s: AbState, seat: Seat, n: number, rng: Rng, ev: Ev, reason: string): void {
    const got: string[] = [];
    let guard = 0;
    while (got.length < n && guard++ < 200) {
      if (!this.reshuffleIfEmpty(s, 'ws', ev)) break;
      if (s.ws.pool.length + s.ws.top.length === 1 && this.kind(s.ws.pool[0] ?? s.ws.top[0]) === 'reboot' && s.rebootPending) break;
      const c = this.drawFrom(s, 'ws', rng);
      if (c === null) break;
      if (this.kind(c) === 'reboot') {
        ev.push({ type: 'reboot_decks', to: 'all', data: { seat, card: c } });
        s.ws.discard.push(c);
        this.clearWildFire(s, ev);
        s.rebootPending = true;
        continue;
      }
      got.push(c);
    }
    s.hands[seat] = s.hands[seat].concat(got).sort();
    if (got.length || n > 0) {
      ev.push({
        type: 'ws_drawn', to: { seats: this.teamSeats(s, this.factionOf(s, seat)) },
        data: { seat, cards: got, reason }, others: { seat, count: got.length, reason },
      });
    }
  }

  /** After a drawing step: a played Reboot card re-forms both decks with their discards. */
  finishDrawStep(s: AbState, ev: Ev): void {
    if (!s.rebootPending) return;
    s.rebootPending = false;
    s.ws = { top: [], pool: s.ws.pool.concat(s.ws.top, s.ws.discard).sort(), discard: [] };
    s.wf = { top: [], pool: s.wf.pool.concat(s.wf.top, s.wf.discard).sort(), discard: [] };
    ev.push({ type: 'decks_reshuffled', to: 'all', data: { reason: 'reboot', ws: s.ws.pool.length, wf: s.wf.pool.length } });
  }

  clearWildFire(s: AbState, ev: Ev): void {
    for (const r of s.retained) s.wf.discard.push(r.card);
    const n = s.retained.length;
    s.retained = [];
    for (const u of s.units) u.markers = [];
    ev.push({ type: 'wild_fire_cleared', to: 'all', data: { cards: n } });
  }

  discardRetainedFor(s: AbState, unit: string, marker?: string): void {
    const keep = [];
    for (const r of s.retained) {
      if (r.unit === unit && (marker === undefined || r.marker === marker)) s.wf.discard.push(r.card);
      else keep.push(r);
    }
    s.retained = keep;
    const u = this.unit(s, unit);
    if (u) u.markers = marker === undefined ? [] : u.markers.filter((m) => m !== marker);
  }

  /** A critical hit (or landing on an enemy): draw a Wild Fire card for the unit and apply it. */
  wildFire(s: AbState, u: Unit, rng: Rng, ev: Ev): void {
    if (!this.reshuffleIfEmpty(s, 'wf', ev)) {
      ev.push({ type: 'wild_fire_skipped', to: 'all', data: { unit: u.id } });
      return;
    }
    const c = this.drawFrom(s, 'wf', rng)!;
    const def = this.wfById.get(c)!;
    ev.push({ type: 'wild_fire', to: 'all', data: { unit: u.id, card: c, name: def.name, effect: def.effect } });
    const e = def.effect;
    if (e.type === 'loseCrystals') {
      s.wf.discard.push(c);
      this.removeCrystals(s, u, e.n, other(u.faction), ev, 'wild_fire');
    } else if (e.type === 'gainCrystals' && u.status !== 'destroyed') {
      s.wf.discard.push(c);
      u.crystals += e.n;
      s.gained += e.n;
      ev.push({ type: 'crystals_gained', to: 'all', data: { unit: u.id, n: e.n, left: u.crystals } });
    } else if (e.type === 'retain' && (u.status === 'board' || u.status === 'reserve')) {
      u.markers.push(e.marker);
      s.retained.push({ card: c, unit: u.id, marker: e.marker, seat: u.seat });
    } else {
      s.wf.discard.push(c);
    }
  }

  removeCrystals(s: AbState, u: Unit, n: number, to: Faction, ev: Ev, cause: string): number {
    const k = Math.min(n, u.crystals);
    if (k <= 0) return 0;
    u.crystals -= k;
    s.cup[to] += k;
    ev.push({ type: 'crystals_lost', to: 'all', data: { unit: u.id, n: k, cup: to, cause, left: u.crystals } });
    if (u.crystals === 0) this.destroy(s, u, to, ev);
    return k;
  }

  destroy(s: AbState, u: Unit, by: Faction, ev: Ev): void {
    if (u.crystals > 0) {
      s.cup[by] += u.crystals;
      u.crystals = 0;
    }
    this.discardRetainedFor(s, u.id);
    u.status = 'destroyed';
    u.at = null;
    s.kills[by] += 1;
    let bonus = 0;
    if (this.mission(s).rules.battleDamage) {
      bonus = UNIT[u.type].bd;
      s.counters[by] += bonus;
    }
    ev.push({ type: 'unit_destroyed', to: 'all', data: { unit: u.id, by, battleDamage: bonus } });
  }

  // ---------------------------------------------------------------- victory

  objectiveMet(s: AbState, f: Faction, o: Objective): boolean {
    const enemy = s.units.filter((u) => u.faction !== f);
    const own = s.units.filter((u) => u.faction === f);
    switch (o.type) {
      case 'destroyUnits': return s.kills[f] >= o.n;
      case 'destroyCrystals': return s.cup[f] >= o.n;
      case 'destroyTypes': {
        const of = enemy.filter((u) => o.types.includes(u.type));
        return of.length > 0 && of.every((u) => u.status === 'destroyed');
      }
      case 'annihilate': return enemy.length > 0 && enemy.every((u) => u.status === 'destroyed');
      case 'exitUnits': return own.filter((u) => u.status === 'exited' && o.types.includes(u.type)).length >= o.n;
      case 'exitCrystals': return own.filter((u) => u.status === 'exited').reduce((a, u) => a + u.crystals, 0) >= o.n;
      case 'reduceCrystals': return enemy.reduce((a, u) => a + (u.status === 'destroyed' ? 0 : u.crystals), 0) <= o.max;
      case 'vp': return this.vp(s, f) >= o.n;
    }
  }

  met(s: AbState, f: Faction): boolean {
    const objs = this.mission(s).objectives[f];
    return objs.some((o) => this.objectiveMet(s, f, o)) || this.objectiveMet(s, f, { type: 'annihilate' });
  }

  finishWith(s: AbState, winner: Faction | null, reason: string, ev: Ev): void {
    const winners = winner ? this.teamSeats(s, winner) : [];
    s.result = {
      winners, draw: winner === null, reason,
      scores: { SCS: this.vp(s, 'SCS'), CA: this.vp(s, 'CA') },
    } satisfies Result;
    s.phase = 'over';
    s.respond = [];
    s.window = null;
    ev.push({ type: 'game_over', to: 'all', data: { winner, reason, vp: { SCS: this.vp(s, 'SCS'), CA: this.vp(s, 'CA') }, kills: s.kills } });
  }

  /** A Victory Point mission: an objective is a VP total (M6-M8, M10-M16). */
  vpMission(s: AbState): boolean {
    const o = this.mission(s).objectives;
    return [...o.SCS, ...o.CA].some((x) => x.type === 'vp');
  }

  /**
   * Both factions completed their objectives together (spec 9.1, AMB-27). A VP mission: the
   * higher VP total wins (L769), equal totals go to more enemy units eliminated (L766-L767),
   * equal again is a draw. Other missions: more eliminations wins, equal is a draw (the
   * crystals in the cups decide nothing there).
   */
  tiebreak(s: AbState): Faction | null {
    if (this.vpMission(s) && this.vp(s, 'SCS') !== this.vp(s, 'CA')) return this.vp(s, 'SCS') > this.vp(s, 'CA') ? 'SCS' : 'CA';
    if (s.kills.SCS !== s.kills.CA) return s.kills.SCS > s.kills.CA ? 'SCS' : 'CA';
    return null;
  }

  /** Checks objectives; returns true when the game ended. */
  checkVictory(s: AbState, ev: Ev): boolean {
    if (s.result) return true;
    const a = this.met(s, 'SCS');
    const b = this.met(s, 'CA');
    if (!a && !b) return false;
    if (a && b) this.finishWith(s, this.tiebreak(s), 'both_objectives', ev);
    else this.finishWith(s, a ? 'SCS' : 'CA', 'objective', ev);
    return true;
  }

  /** 2-player missions: victory the instant the objective is met. */
  instant(s: AbState, ev: Ev): boolean {
    if (s.result) return true;
    return s.players === 2 ? this.checkVictory(s, ev) : false;
  }

  // ---------------------------------------------------------------- setup

  dealAndStart(s: AbState, rng: Rng, ev: Ev): void {
    for (let i = 0; i < s.players; i++) this.drawWS(s, i, s.seats[i].cards, rng, ev, 'deal');
    this.finishDrawStep(s, ev);
    this.beginRound(s, rng, ev);
  }

  /** Continue setup: divisions, deployment, jump-on, then the deal and round 1. */
  continueSetup(s: AbState, rng: Rng, ev: Ev): void {
    if (s.divideQueue.length) {
      s.phase = 'divide';
      return;
    }
    while (s.deployQueue.length) {
      const q = s.deployQueue[0];
      if (q.mode === 'zone') {
        if (s.units.some((u) => u.seat === q.seat && u.status === 'reserve')) {
          s.phase = 'deploy';
          return;
        }
        s.deployQueue.shift();
        continue;
      }
      // jump-on
      if (this.jumpNext(s, rng, ev)) return;
      s.deployQueue.shift();
    }
    this.dealAndStart(s, rng, ev);
  }

  /** Rolls jump-on units in order until one needs a displacement choice (true) or all landed. */
  jumpNext(s: AbState, rng: Rng, ev: Ev): boolean {
    const m = this.mission(s);
    const dt = m.dropTable ?? { x: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12], y: [4, 5, 6, 7, 8, 9] };
    while (s.jump.queue.length) {
      const u = this.unit(s, s.jump.queue.shift()!)!;
      const dice = rng.fork('dice');
      const d10 = dice.int(10) + 1;
      const d6 = dice.int(6) + 1;
      const at: XY = [dt.x[d10 - 1], dt.y[d6 - 1]];
      ev.push(rollEvent('jump_on', [d10, d6], { unit: u.id, at }));
      const occ = this.unitAt(s, at);
      if (!occ && !this.terrainAt(s, at)) {
        u.at = at;
        u.status = 'board';
        ev.push({ type: 'unit_landed', to: 'all', data: { unit: u.id, at } });
        continue;
      }
      if (occ && occ.faction !== u.faction) {
        u.at = null;
        this.wildFire(s, u, rng, ev);
        if (u.crystals <= 0 || u.status === 'destroyed') continue;
      }
      const options = this.displaceOptions(s, at);
      if (options.length === 0) {
        u.status = 'destroyed';
        ev.push({ type: 'unit_lost', to: 'all', data: { unit: u.id, reason: 'no_room' } });
        continue;
      }
      if (options.length === 1) {
        u.at = options[0];
        u.status = 'board';
        ev.push({ type: 'unit_displaced', to: 'all', data: { unit: u.id, from: at, at: options[0] } });
        continue;
      }
      s.jump.unit = u.id;
      s.jump.at = at;
      s.jump.options = options;
      s.phase = 'displace';
      return true;
    }
    return false;
  }

  /** Adjacent empty sectors; if none, the nearest empty sectors (AMB-32). */
  displaceOptions(s: AbState, at: XY): XY[] {
    const blocked = this.blocker(s);
    for (let r = 1; r < Math.max(s.width, s.height); r++) {
      const out: XY[] = [];
      for (let y = at[1] - r; y <= at[1] + r; y++) {
        for (let x = at[0] - r; x <= at[0] + r; x++) {
          const c: XY = [x, y];
          if (G.chebyshev(c, at) !== r || !G.inBounds(s, c) || blocked(c)) continue;
          out.push(c);
        }
      }
      if (out.length) return out.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    }
    return [];
  }

  // ---------------------------------------------------------------- rounds and turns

  beginRound(s: AbState, rng: Rng, ev: Ev): void {
    s.round += 1;
    s.lockons = [];
    if (s.players === 2) {
      const first = this.teamSeats(s, s.firstFaction!)[0];
      s.order = [first, 1 - first];
      s.relays = s.seats.map((_, i) => (i === first ? 1 : 2));
    } else {
      const live = s.seats.map((_, i) => i).filter((i) => !this.eliminated(s, i));
      const nums = rng.fork('relays').shuffle(live.map((_, k) => k + 1));
      s.relays = s.seats.map(() => 0);
      live.forEach((seat, k) => {
        s.relays[seat] = nums[k];
      });
      s.order = live.slice().sort((a, b) => s.relays[a] - s.relays[b]);
      for (const seat of live) {
        ev.push({ type: 'relay_drawn', to: { seats: [seat] }, data: { seat, relay: s.relays[seat], round: s.round }, others: { seat, round: s.round } });
      }
    }
    ev.push({ type: 'round_started', to: 'all', data: { round: s.round, relays: s.players === 2 ? s.relays : s.order.length } });
    s.turnIdx = -1;
    this.nextTurn(s, rng, ev);
  }

  nextTurn(s: AbState, rng: Rng, ev: Ev): void {
    for (;;) {
      if (s.result) return;
      s.turnIdx += 1;
      if (s.turnIdx >= s.order.length) {
        this.endRound(s, rng, ev);
        return;
      }
      const seat = s.order[s.turnIdx];
      if (this.eliminated(s, seat)) {
        ev.push({ type: 'turn_skipped', to: 'all', data: { seat, relay: s.relays[seat], reason: 'eliminated' } });
        continue;
      }
      this.startTurn(s, seat, rng, ev);
      return;
    }
  }

  endRound(s: AbState, rng: Rng, ev: Ev): void {
    s.lockons = [];
    ev.push({ type: 'round_ended', to: 'all', data: { round: s.round } });
    if (s.players > 2 && this.checkVictory(s, ev)) return;
    for (const f of ['SCS', 'CA'] as Faction[]) {
      if (!s.units.some((u) => u.faction === f && u.status === 'board')) {
        // [proposed] a faction with nothing left on the board cannot act: decide now.
        const w = this.met(s, other(f)) ? other(f) : this.tiebreak(s);
        this.finishWith(s, w, 'no_units_left', ev);
        return;
      }
    }
    if (s.maxRounds > 0 && s.round >= s.maxRounds) {
      // [proposed] optional round limit (AMB-40): higher VP, then more eliminations, else draw.
      const v = this.vp(s, 'SCS') - this.vp(s, 'CA');
      const w: Faction | null = v > 0 ? 'SCS' : v < 0 ? 'CA' : s.kills.SCS !== s.kills.CA ? (s.kills.SCS > s.kills.CA ? 'SCS' : 'CA') : null;
      this.finishWith(s, w, 'round_limit', ev);
      return;
    }
    this.beginRound(s, rng, ev);
  }

  startTurn(s: AbState, seat: Seat, rng: Rng, ev: Ev): void {
    s.active = seat;
    s.turn += 1;
    s.step = 0;
    s.dice = [];
    s.moved = [];
    s.battled = [];
    s.responded = [];
    s.attacks = [];
    s.respond = [];
    s.window = null;
    ev.push({ type: 'turn_started', to: 'all', data: { seat, turn: s.turn, round: s.round, relay: s.relays[seat] } });
    const enemies = this.onBoard(s).some((u) => u.faction !== s.seats[seat].faction);
    if (enemies) s.phase = 'lockon';
    else this.rollActivation(s, rng, ev);
  }

  rollActivation(s: AbState, rng: Rng, ev: Ev): void {
    const n = s.seats[s.active].dice;
    const dr = rng.fork('dice');
    const faces = Array.from({ length: n }, () => FACES[dr.int(6)]);
    s.dice = faces.map((face) => ({ face, use: null }));
    ev.push(rollEvent('activation', faces, { seat: s.active }));
    const c = faces.filter((f) => f === 'C').length;
    if (c > 0) {
      s.phase = 'commandDraw';
      return;
    }
    this.doDraws(s, 0, rng, ev);
  }

  doDraws(s: AbState, commands: number, rng: Rng, ev: Ev): void {
    let left = commands;
    for (const d of s.dice) {
      if (d.face === 'WS') d.use = 'ws';
      else if (d.face === 'C' && left > 0) {
        d.use = 'draw';
        left--;
      }
    }
    const n = s.dice.filter((d) => d.use === 'ws' || d.use === 'draw').length;
    if (n > 0) {
      this.drawWS(s, s.active, n, rng, ev, 'activation');
      this.finishDrawStep(s, ev);
    }
    this.toOrders(s, rng, ev);
  }

  toOrders(s: AbState, rng: Rng, ev: Ev): void {
    if (s.dice.some((d) => d.use === null)) {
      s.phase = 'orders';
      return;
    }
    this.toMovement(s, rng, ev);
  }

  toMovement(s: AbState, rng: Rng, ev: Ev): void {
    for (const d of s.dice) if (d.use === null) d.use = 'lost';
    const anyOrdered = this.onBoard(s).some((u) => u.seat === s.active && this.ordered(s, u.id));
    if (!anyOrdered) {
      this.endTurn(s, rng, ev);
      return;
    }
    s.phase = 'move';
    this.afterMove(s, rng, ev);
  }

  /** Leaves the movement phase once no ordered unit can still move. */
  afterMove(s: AbState, rng: Rng, ev: Ev): void {
    const can = this.onBoard(s).some((u) => {
      if (u.seat !== s.active) return false;
      const m = this.moves(s, u);
      return m.to.length > 0 || m.exit;
    });
    if (!can) this.toDeclare(s, rng, ev);
  }

  toDeclare(s: AbState, rng: Rng, ev: Ev): void {
    if (this.canDeclareAny(s)) {
      s.phase = 'declare';
      return;
    }
    this.toResponses(s, rng, ev);
  }

  toResponses(s: AbState, rng: Rng, ev: Ev): void {
    const targets = new Map<string, Seat>();
    for (const a of s.attacks) {
      if (a.kind !== 'los') continue;
      const t = this.unit(s, a.target)!;
      if (t.status !== 'board' || this.enemiesAdjacent(s, t) || s.hands[t.seat].length === 0) continue;
      targets.set(t.id, t.seat);
    }
    s.respond = [...targets].map(([unit, seat]) => ({ unit, seat, done: false }));
    if (s.respond.length) {
      s.phase = 'respond';
      ev.push({ type: 'response_window', to: 'all', data: { units: s.respond.map((r) => r.unit) } });
      return;
    }
    this.toResolve(s, rng, ev);
  }

  toResolve(s: AbState, rng: Rng, ev: Ev): void {
    s.respond = [];
    s.phase = 'resolve';
    const pending = s.attacks.some((a) => !a.done);
    const close = this.onBoard(s).some((u) => this.closeTargets(s, u).length > 0);
    if (!pending && !close) this.endTurn(s, rng, ev);
  }

  endTurn(s: AbState, rng: Rng, ev: Ev): void {
    ev.push({ type: 'turn_ended', to: 'all', data: { seat: s.active, turn: s.turn } });
    if (s.lockOnUntil === 'turn') s.lockons = s.lockons.filter((l) => l.seat !== s.active);
    s.dice = [];
    s.attacks = [];
    s.window = null;
    this.nextTurn(s, rng, ev);
  }

  // ---------------------------------------------------------------- combat

  /** Rolls a unit's battle die (Infantry in Close Combat: 2d6, keep the higher). */
  battleRoll(u: Unit, close: boolean, rng: Rng, ev: Ev, side: string): number {
    const dr = rng.fork('dice');
    if (u.type === 'I' && close) {
      const a = dr.int(6) + 1;
      const b = dr.int(6) + 1;
      ev.push(rollEvent('battle', [a, b], { unit: u.id, side, die: 'd6 green + d6 blue, keep higher', kept: Math.max(a, b) }));
      return Math.max(a, b);
    }
    const sides = UNIT[u.type].die;
    const r = dr.int(sides) + 1;
    ev.push(rollEvent('battle', [r], { unit: u.id, side, die: `d${sides}` }));
    return r;
  }

  bonusApplies(card: string | null, firer: Unit, target: Unit): number {
    if (!card) return 0;
    const b = this.ws.get(card)?.bonus;
    if (!b) return 0;
    if (b.condition?.targetType && !b.condition.targetType.includes(target.type)) return 0;
    if (b.condition?.firerType && !b.condition.firerType.includes(firer.type)) return 0;
    return b.crystals;
  }

  /**
   * One combat. `dAttacks`: the defender is attacking too (counter-fire, close combat);
   * otherwise it only shields.
   */
  combat(
    s: AbState, rng: Rng, ev: Ev,
    o: { a: Unit; d: Unit; close: boolean; aCard: string | null; dCard: string | null; dAttacks: boolean; kind: string },
  ): void {
    const { a, d } = o;
    const ra = this.battleRoll(a, o.close, rng, ev, 'attacker');
    const rd = this.battleRoll(d, o.close, rng, ev, o.dAttacks ? 'defender' : 'shield');
    const aDef = o.aCard ? this.ws.get(o.aCard) : undefined;
    const dDef = o.dCard ? this.ws.get(o.dCard) : undefined;
    const ta = ra + (aDef?.kind === 'target' ? aDef.value ?? 0 : 0) + (aDef?.kind === 'lrb' && a.type === 'H' ? aDef.heavyBonus ?? 1 : 0) + this.lock(s, a.seat, d);
    const td = rd + (o.dAttacks ? (dDef?.kind === 'target' ? dDef.value ?? 0 : 0) + this.lock(s, d.seat, a) : 0);
    const critA = ra === 1;
    const critD = o.dAttacks && rd === 1;
    const base = { kind: o.kind, attacker: a.id, defender: d.id, rolls: [ra, rd], totals: [ta, td] };
    if (critA || critD) {
      ev.push({ type: 'combat_result', to: 'all', data: { ...base, outcome: 'critical', criticalOn: [critA ? d.id : null, critD ? a.id : null].filter(Boolean) } });
      // AMB-21: the critical scored by the active player's unit is applied first.
      if (critA) this.wildFire(s, d, rng, ev);
      if (critD) this.wildFire(s, a, rng, ev);
    } else if (ta === td) {
      ev.push({ type: 'combat_result', to: 'all', data: { ...base, outcome: 'tie' } });
      this.drawWS(s, a.seat, 1, rng, ev, 'tie');
      this.drawWS(s, d.seat, 1, rng, ev, 'tie');
      this.finishDrawStep(s, ev);
    } else {
      const aWins = ta > td;
      const [win, lose, wt, lt, wCard] = aWins ? [a, d, ta, td, o.aCard] : [d, a, td, ta, o.dCard];
      if (!aWins && !o.dAttacks) {
        ev.push({ type: 'combat_result', to: 'all', data: { ...base, outcome: 'shields_hold' } });
      } else {
        let dmg: number;
        if (this.mission(s).rules.superShield) dmg = wt >= 3 * lt ? 2 : wt >= 2 * lt ? 1 : 0;
        else dmg = wt >= 2 * lt ? 2 : 1;
        const bonus = dmg > 0 ? this.bonusApplies(wCard, win, lose) : 0;
        ev.push({ type: 'combat_result', to: 'all', data: { ...base, outcome: aWins ? 'attacker_wins' : 'defender_wins', damage: dmg, bonus } });
        if (dmg > 0) this.removeCrystals(s, lose, dmg, win.faction, ev, 'combat');
        if (bonus > 0 && lose.status === 'board') this.removeCrystals(s, lose, bonus, win.faction, ev, 'card_bonus');
      }
    }
    for (const c of [o.aCard, o.dCard]) if (c) s.ws.discard.push(c);
  }

  /** Resolves a declared ranged attack (after any AMM window). */
  resolveAttack(s: AbState, atk: Attack, rng: Rng, ev: Ev): void {
    const a = this.unit(s, atk.unit)!;
    const d = this.unit(s, atk.target)!;
    atk.done = true;
    if (!s.battled.includes(a.id)) s.battled.push(a.id);
    if (a.status !== 'board' || d.status !== 'board') {
      // AMB-18: the attack lapses; committed cards return to their owners' hands.
      atk.lapsed = true;
      s.hands[a.seat] = s.hands[a.seat].concat([atk.card]).sort();
      if (atk.response) s.hands[d.seat] = s.hands[d.seat].concat([atk.response]).sort();
      ev.push({ type: 'attack_lapsed', to: 'all', data: { attack: atk.id } });
      ev.push({ type: 'cards_returned', to: { seats: this.teamSeats(s, a.faction) }, data: { seat: a.seat, cards: [atk.card] }, others: { seat: a.seat, count: 1 } });
      if (atk.response) ev.push({ type: 'cards_returned', to: { seats: this.teamSeats(s, d.faction) }, data: { seat: d.seat, cards: [atk.response] }, others: { seat: d.seat, count: 1 } });
      return;
    }
    ev.push({ type: 'attack_revealed', to: 'all', data: { attack: atk.id, unit: a.id, target: d.id, card: atk.card, response: atk.response } });
    if (atk.response && this.kind(atk.response) === 'amm') {
      s.ws.discard.push(atk.card, atk.response);
      ev.push({ type: 'attack_cancelled', to: 'all', data: { attack: atk.id, by: 'amm' } });
      return;
    }
    const counter = !!atk.response && this.kind(atk.response) === 'target';
    this.combat(s, rng, ev, { a, d, close: false, aCard: atk.card, dCard: counter ? atk.response : null, dAttacks: counter, kind: atk.kind });
    this.instant(s, ev);
  }

  /** Resolves a Doomsday Bolt (after its AMM window). */
  resolveBolt(s: AbState, rng: Rng, ev: Ev): void {
    const w = s.window as Extract<AbState['window'], { kind: 'bolt' }>;
    s.window = null;
    const t = this.unit(s, w.target)!;
    const face = FACES[rng.fork('dice').int(6)];
    s.dice[w.die].face = face;
    ev.push(rollEvent('doomsday_bolt', [face], { seat: w.firer, target: t.id, die: w.die }));
    s.ws.discard.push(w.card);
    if (face === t.type && t.status === 'board') {
      const n = t.crystals;
      t.crystals = 0;
      s.cup[this.factionOf(s, w.firer)] += n;
      ev.push({ type: 'crystals_lost', to: 'all', data: { unit: t.id, n, cup: this.factionOf(s, w.firer), cause: 'doomsday_bolt', left: 0 } });
      this.destroy(s, t, this.factionOf(s, w.firer), ev);
    } else {
      ev.push({ type: 'bolt_missed', to: 'all', data: { target: t.id, face } });
    }
    this.instant(s, ev);
  }

}

export function buildDeck(data: GameData): string[] {
  const out: string[] = [];
  for (const c of data.ws) for (let i = 0; i < c.count; i++) out.push(c.id);
  return out;
}

export function initialState(r: Rules, m: Mission, names: string[], maxRounds: number): AbState {
  const s: AbState = {
    mission: m.id, players: m.players,
    seats: m.seats.map((x, i) => ({ faction: x.faction, company: x.company, dice: x.dice, cards: x.cards, name: names[i] ?? `seat ${i}` })),
    width: m.board.width, height: m.board.height,
    terrain: m.terrain.map((t) => ({ type: t.type, at: [t.at[0], t.at[1]] as XY })),
    units: [], hands: m.seats.map(() => []),
    ws: newDeck(buildDeck(r.data)), wf: newDeck(r.data.wf.map((c) => c.id)),
    retained: [], cup: { SCS: 0, CA: 0 }, counters: { SCS: 0, CA: 0 }, gained: 0, kills: { SCS: 0, CA: 0 },
    round: 0, maxRounds, order: [], relays: m.seats.map(() => 0), turnIdx: 0, active: 0, turn: 0, step: 0,
    lockons: [], phase: 'deploy', dice: [], moved: [], battled: [], responded: [], attacks: [], nextAttack: 1,
    respond: [], window: null, deployQueue: [], jump: { queue: [], unit: null, at: null, options: [] }, divideQueue: [],
    rebootPending: false, firstFaction: m.firstPlayer === 'SCS' || m.firstPlayer === 'CA' ? m.firstPlayer : null, result: null,
  };
  m.seats.forEach((spec, seat) => addUnits(s, seat, spec.units, spec.fixed));
  return s;
}

export function addUnits(s: AbState, seat: Seat, types: UnitType[], fixed?: (XY | null)[]): void {
  const sp = s.seats[seat];
  const count: Record<string, number> = {};
  types.forEach((t, i) => {
    count[t] = (count[t] ?? 0) + 1;
    const at = fixed?.[i] ?? null;
    s.units.push({
      id: `${sp.faction}${sp.company ? '-' + sp.company : ''}-${t}${count[t]}`, type: t, seat, faction: sp.faction, company: sp.company,
      at: at ? [at[0], at[1]] : null, status: at ? 'board' : 'reserve', crystals: UNIT[t].power, markers: [],
    });
  });
}

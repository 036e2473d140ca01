// The kernel's conformance checks, run on random playouts of any ruleset (DESIGN.md "AI seats
// and conformance"): replay reproduces events, states and the hash chain; every candidate validates; every
// default validates; running games always have a blocking decision; games end; and, where the
// ruleset can determinize, a determinized state shows the seat the same view, the same public
// decisions and the same verdicts, so nothing a seat may not see decides what it is asked;
// and no seat's answer to another seat's decision is applied.
import { CURRENT_CHAIN, nextHash, startChain, stateDigest } from './chain.js';
import { actionShapeViolation, applyEntry, minted, openDecisions, publicPart, resultOf, setupGame, type KState } from './kernel.js';
import { randomEntry } from './playout.js';
import { entryRng, localRng } from './rng.js';
import type { Entry, Ruleset, SeatInfo } from './types.js';
import { isViolation } from './types.js';

export interface ConformanceReport {
  entries: number;
  ended: boolean;
  problems: string[];
}

export function checkPlayout(rs: Ruleset, scenario: string, seats: SeatInfo[], seed: string, maxEntries = 3000, options: unknown = {}): ConformanceReport {
  const problems: string[] = [];
  const gameId = `conf-${seed}`;
  const rng = localRng(`conformance|${seed}`);
  const made = setupGame(rs, { scenario, seats, options }, entryRng(seed, gameId, 0));
  if (isViolation(made)) return { entries: 0, ended: false, problems: [`setup: ${made.code}`] };
  let k: KState<any> = made.k;
  const setup = { kind: 'setup', scenario, seats, options };
  const format = CURRENT_CHAIN;
  const head = startChain(format, setup, made.events, k);
  let hash = head;
  // Per entry: the chain (its state checkpoints are periodic) and each state's own digest.
  const log: { entry: Entry<any>; hash: string; events: string; state: string }[] = [];
  while (!resultOf(rs, k) && log.length < maxEntries && problems.length < 5) {
    checkState(rs, k, rng, problems, log.length);
    checkOwnership(rs, k, seats.length, entryRng(seed, gameId, k.seq + 1), problems, log.length);
    const entry = randomEntry(rs, k, rng);
    let r;
    try {
      r = applyEntry(rs, k, entry, entryRng(seed, gameId, k.seq + 1));
    } catch (e) {
      problems.push(`seq ${k.seq + 1}: ${String(e)}`);
      break;
    }
    if (isViolation(r)) {
      problems.push(`seq ${k.seq + 1}: candidate rejected ${r.code}: ${JSON.stringify(entry).slice(0, 300)}`);
      break;
    }
    k = r.k;
    hash = nextHash(format, hash, k.seq, entry, r.events, k, resultOf(rs, k) !== null);
    log.push({ entry, hash, events: JSON.stringify(r.events), state: stateDigest(k) });
  }
  // Replay: same seed and entries, same events, states and hashes.
  const again = setupGame(rs, { scenario, seats, options }, entryRng(seed, gameId, 0));
  // A setup that succeeded once and refuses the same seed now is a replay that diverged.
  if (isViolation(again)) problems.push(`replay 0: setup ${again.code}`);
  else {
    let k2: KState<any> = again.k;
    let h2 = startChain(format, setup, again.events, k2);
    if (h2 !== head) problems.push('replay 0: setup diverged');
    for (const [i, l] of log.entries()) {
      const r = applyEntry(rs, k2, l.entry, entryRng(seed, gameId, i + 1));
      if (isViolation(r)) {
        problems.push(`replay ${i + 1}: ${r.code}`);
        break;
      }
      k2 = r.k;
      h2 = nextHash(format, h2, k2.seq, l.entry, r.events, k2, resultOf(rs, k2) !== null);
      if (h2 !== l.hash || JSON.stringify(r.events) !== l.events || stateDigest(k2) !== l.state) {
        problems.push(`replay ${i + 1}: diverged`);
        break;
      }
    }
  }
  return { entries: log.length, ended: !!resultOf(rs, k), problems };
}

function checkState(rs: Ruleset, k: KState<any>, rng: ReturnType<typeof localRng>, problems: string[], n: number) {
  const raw = rs.pending(k.s);
  const open = openDecisions(rs, k);
  if (!raw.some((d) => d.blocking)) problems.push(`entry ${n}: running game with no blocking decision`);
  raw.forEach((d, i) => {
    const def = rs.defaultAction(k.s, d);
    const v = rs.validate(k.s, d.seat, d, def);
    if (v) problems.push(`entry ${n}: default for ${d.kind} invalid: ${v.code}`);
    const ds = actionShapeViolation(rs, def);
    if (ds) problems.push(`entry ${n}: default for ${d.kind} outside the action schema: ${ds.message}`);
    const c = rs.candidates(k.s, d.seat, d, 32, rng);
    for (const a of c.actions) {
      const sv = actionShapeViolation(rs, a);
      if (sv) problems.push(`entry ${n}: candidate for ${d.kind} outside the action schema: ${sv.message} ${JSON.stringify(a).slice(0, 200)}`);
    }
    for (const a of c.actions.slice(0, 8)) {
      const cv = rs.validate(k.s, d.seat, d, a);
      if (cv) problems.push(`entry ${n}: candidate for ${d.kind} invalid: ${cv.code} ${JSON.stringify(a).slice(0, 200)}`);
    }
    if (c.all && c.actions.length === 0) problems.push(`entry ${n}: decision ${d.kind} has no legal action`);
    void open[i];
  });
  if (!rs.determinize) return;
  const seats = new Set(raw.map((d) => d.seat));
  for (const seat of seats) {
    const view = rs.view(k.s, seat);
    let ds;
    try {
      ds = rs.determinize(structuredClone(view), seat, rng);
    } catch (e) {
      problems.push(`entry ${n}: determinize(seat ${seat}) threw ${String(e)}`);
      continue;
    }
    if (JSON.stringify(rs.view(ds, seat)) !== JSON.stringify(view)) {
      problems.push(`entry ${n}: determinize(view(s, ${seat})) shows seat ${seat} a different view`);
      continue;
    }
    // A spectator knows less than any seat: resampling what seat `seat` cannot see must not
    // change the spectator's view, or the public view leaks a secret.
    if (JSON.stringify(rs.view(ds, null)) !== JSON.stringify(rs.view(k.s, null))) {
      problems.push(`entry ${n}: the spectator view changes with information hidden from seat ${seat}`);
    }
    const pub = (s: unknown) => JSON.stringify(rs.pending(s).map((d) => { const { prompt: _p, key: _k, ...rest } = d as typeof d & { prompt?: unknown }; return rest; }));
    if (pub(ds) !== pub(k.s)) problems.push(`entry ${n}: public decisions differ in a state seat ${seat} cannot tell apart`);
    const mine = raw.filter((d) => d.seat === seat);
    const dmine = rs.pending(ds).filter((d) => d.seat === seat);
    mine.forEach((d, i) => {
      const dd = dmine[i];
      if (!dd) return;
      for (const a of rs.candidates(k.s, seat, d, 16, rng).actions.slice(0, 6)) {
        const v1 = rs.validate(k.s, seat, d, a)?.code ?? null;
        const v2 = rs.validate(ds, seat, dd, a)?.code ?? null;
        if (v1 !== v2) problems.push(`entry ${n}: verdict on ${JSON.stringify(a).slice(0, 120)} depends on hidden state (${v1} vs ${v2})`);
      }
    });
  }
  void publicPart;
}

/**
 * Every open decision answered by each other seat, with the action its own seat could give, is
 * refused. `apply` is the kernel's; a test passes a faulty one to see the check report it.
 */
export function checkOwnership(
  rs: Ruleset, k: KState<any>, n: number, rng: ReturnType<typeof entryRng>, problems: string[], at: number, apply: typeof applyEntry = applyEntry,
) {
  for (const m of minted(rs, k)) {
    const action = rs.defaultAction(k.s, m.raw);
    for (let seat = 0; seat < n; seat++) {
      if (seat === m.dec.seat) continue;
      const r = apply(rs, k, { kind: 'answer', seat, decision: m.dec.id, action }, rng);
      if (!isViolation(r) || r.code !== 'not_your_decision') {
        problems.push(`entry ${at}: seat ${seat} answering seat ${m.dec.seat}'s ${m.dec.kind} got ${isViolation(r) ? r.code : 'applied'}`);
      }
    }
  }
}

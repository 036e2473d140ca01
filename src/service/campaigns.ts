// Campaigns (docs/CAMPAIGNS.md): a series of games of one ruleset with the same seats, where
// what a finished game carries starts the next. A service feature any game can use: the
// ruleset says what carries (its pure optional part `carry(final state)`, handed to the next
// game's setup as `options.carry`) and a MissionGenerator says which game comes next. No
// game's code here. Shared by REST (src/api/campaigns.ts) and GraphQL.
import { randomBytes } from 'node:crypto';
import { Type as T, type Static } from '@sinclair/typebox';
import type { Result, Ruleset, ScenarioInfo } from '../engine/types.js';
import { getRuleset, rulesets } from '../games/index.js';
import { CampaignStore, type CampaignGameRecord, type CampaignRecord, type CampaignSeatRecord } from '../store/campaigns.js';
import type { GameRecord } from '../store/types.js';
import { notFound, ServiceError } from './errors.js';
import type { GameService } from './game-service.js';
import { AiSpecSchema, checkInput, LIMITS } from './input.js';
import { hashToken, newToken, sameHash } from './tokens.js';

/** What a generator sees: the campaign so far (pure data). */
export interface CampaignState {
  ruleset: string;
  seats: number;
  /** The games played so far, in order, with their results (null while running). */
  games: { scenario: string; result: Result | null }[];
  /** What the last finished game carried (the ruleset's carry), null before the first. */
  carried: unknown | null;
}

/** The next game of a campaign: a scenario of the ruleset and its options. */
export interface MissionSpec {
  scenario: string;
  options: Record<string, unknown>;
}

/**
 * Builds the next mission from the campaign state; null when the campaign is over. Pure.
 * AoM's Mission Generator (spec §5.1/5.2) stays behind this interface until its rules are
 * sourced; `chain` below is the one simple generator that lets the loop be played.
 */
export interface MissionGenerator {
  id: string;
  description: string;
  next(rs: Ruleset, c: CampaignState, arg: string | null): MissionSpec | null;
}

const fits = (s: ScenarioInfo, n: number) => (Array.isArray(s.players) ? s.players : [s.players]).includes(n);

/**
 * `chain`: the ruleset's scenarios in their listed order (from `start`, default the first
 * that fits), skipping those not for this many seats; each game after the first gets the
 * previous one's carry as `options.carry`. For Agents of Mayhem: T1 → T2 → … (the tutorials
 * chain, spec 4.1), then the missions.
 */
export const chainGenerator: MissionGenerator = {
  id: 'chain',
  description: "the ruleset's scenarios in listed order from the start scenario, each started from the previous game's carry",
  next(rs, c, start) {
    const list = rs.scenarios;
    let from = 0;
    if (c.games.length) from = list.findIndex((s) => s.id === c.games[c.games.length - 1].scenario) + 1;
    else if (start) from = list.findIndex((s) => s.id === start);
    if (from < 0) return null;
    const next = list.slice(from).find((s) => fits(s, c.seats));
    if (!next) return null;
    return { scenario: next.id, options: c.carried === null || c.carried === undefined ? {} : { carry: c.carried } };
  },
};

/**
 * `generated`: the ruleset's authored scenarios as `chain` plays them (from `start`), then, for
 * every game after, the ruleset's own Mission Generator (`generateMission`, a pure function of
 * the campaign state), so the loop goes on past the authored missions; without one it ends there.
 */
export const generatedGenerator: MissionGenerator = {
  id: 'generated',
  description: "the ruleset's scenarios in listed order from the start scenario, then missions built by the ruleset's own Mission Generator from what the campaign carries",
  next(rs, c, start) {
    const from = start ? rs.scenarios.findIndex((s) => s.id === start) : 0;
    if (from < 0) return null;
    const authored = rs.scenarios.slice(from).filter((s) => fits(s, c.seats));
    if (c.games.length < authored.length) {
      return { scenario: authored[c.games.length].id, options: c.carried === null || c.carried === undefined ? {} : { carry: c.carried } };
    }
    return rs.generateMission ? rs.generateMission({ seats: c.seats, games: c.games, carried: c.carried }) : null;
  },
};

export const GENERATORS: Record<string, MissionGenerator> = { chain: chainGenerator, generated: generatedGenerator };

export const CampaignSeatSpec = T.Object({
  name: T.String({ minLength: 1, maxLength: LIMITS.name }),
  ai: T.Optional(T.Union([T.Null(), AiSpecSchema])),
}, { additionalProperties: false });

export const CreateCampaignBody = T.Object({
  ruleset: T.String({ minLength: 1, maxLength: 64 }),
  seats: T.Array(CampaignSeatSpec, { minItems: 1, maxItems: LIMITS.seats }),
  generator: T.Optional(T.String({ minLength: 1, maxLength: 64, description: "the MissionGenerator (default 'chain')" })),
  start: T.Optional(T.String({ minLength: 1, maxLength: 64, description: "chain: the first scenario (default: the ruleset's first that fits the seats)" })),
}, { additionalProperties: false });
export type CreateCampaignBody = Static<typeof CreateCampaignBody>;

export function newCampaignId(): string {
  return 'c_' + randomBytes(10).toString('base64url').replace(/[-_]/g, 'x');
}

export class CampaignService {
  private readonly db: CampaignStore;

  constructor(private readonly svc: GameService) {
    this.db = CampaignStore.of(svc.storeRef);
  }

  async create(raw: unknown) {
    const b = checkInput(CreateCampaignBody, raw, 'input');
    const rs = getRuleset(b.ruleset);
    if (!rs) throw new ServiceError(422, 'unknown_ruleset', `no ruleset ${b.ruleset}`, { known: rulesets().map((r) => r.id) });
    if (!rs.carry) {
      throw new ServiceError(422, 'ruleset_has_no_campaign', `${rs.id} does not say what carries from one game to the next (no carry)`,
        { campaignRulesets: rulesets().filter((r) => r.carry).map((r) => r.id) });
    }
    const genId = b.generator ?? 'chain';
    const gen = GENERATORS[genId];
    if (!gen) throw new ServiceError(422, 'unknown_generator', `no mission generator ${genId}`, { known: Object.keys(GENERATORS) });
    if (b.start && !rs.scenarios.some((s) => s.id === b.start)) {
      throw new ServiceError(422, 'unknown_scenario', `${rs.id} has no scenario ${b.start}`, { known: rs.scenarios.map((s) => s.id) });
    }
    const levels = ['random', 'greedy', 'mcts', ...Object.keys(rs.soloBots ?? {})];
    for (const s of b.seats) {
      if (s.ai && !levels.includes(s.ai.level)) throw new ServiceError(400, 'invalid_seat', `seat ${s.name}: ${rs.id} offers the AI levels ${levels.join(', ')}`, { levels });
    }
    const first = gen.next(rs, { ruleset: rs.id, seats: b.seats.length, games: [], carried: null }, b.start ?? null);
    if (!first) {
      throw new ServiceError(422, 'no_mission_for_seats', `${genId} has no ${rs.id} scenario for ${b.seats.length} seats${b.start ? ` from ${b.start}` : ''}`);
    }
    const tokens = b.seats.map((s) => (s.ai ? null : newToken()));
    const seats: CampaignSeatRecord[] = b.seats.map((s, index) => ({
      index, name: s.name, kind: s.ai ? 'ai' : 'human', ai: s.ai ?? null, tokenHash: tokens[index] ? hashToken(tokens[index]!) : null,
    }));
    const id = newCampaignId();
    await this.db.create({ id, ruleset: rs.id, generator: b.start ? `${genId}:${b.start}` : genId, seats, carried: null, status: 'active' });
    return {
      id, ruleset: rs.id, generator: genId, next: first.scenario,
      seats: seats.map((s, i) => ({ index: s.index, name: s.name, kind: s.kind, aiLevel: s.ai?.level ?? null, token: tokens[i] })),
    };
  }

  /** The campaign seat a token belongs to; null without a token. */
  private seatOf(c: CampaignRecord, token: string | null | undefined): number | null {
    if (!token) return null;
    const h = hashToken(token);
    const s = c.seats.find((x) => x.tokenHash && sameHash(x.tokenHash, h));
    if (!s) throw new ServiceError(401, 'invalid_token', 'this token is not a seat of this campaign');
    return s.index;
  }

  private async load(id: string) {
    const row = await this.db.get(id);
    if (!row) throw notFound('campaign', id);
    const rs = getRuleset(row.campaign.ruleset);
    if (!rs) throw new ServiceError(503, 'ruleset_unavailable', `ruleset ${row.campaign.ruleset} is not installed on this server`);
    const games: { rec: CampaignGameRecord; game: GameRecord }[] = [];
    for (const g of row.games) {
      const got = await this.svc.storeRef.getGame(g.gameId);
      if (got) games.push({ rec: g, game: got.game });
    }
    return { ...row, rs, games };
  }

  /** The carry of the last game when it has finished (pure: the ruleset's carry of its final state). */
  private async carryOfLast(games: { rec: CampaignGameRecord; game: GameRecord }[], stored: unknown | null): Promise<{ carried: unknown | null; lastRunning: boolean }> {
    const last = games[games.length - 1];
    if (!last) return { carried: stored, lastRunning: false };
    if (last.game.status !== 'finished') return { carried: stored, lastRunning: true };
    const g = await this.svc.load(last.game.id);
    if (!g.rs.carry) return { carried: stored, lastRunning: false };
    return { carried: JSON.parse(JSON.stringify(g.rs.carry(g.k.s) ?? null)), lastRunning: false };
  }

  private generator(c: CampaignRecord): { gen: MissionGenerator; arg: string | null } {
    const [genId, ...arg] = c.generator.split(':');
    const gen = GENERATORS[genId];
    if (!gen) throw new ServiceError(503, 'generator_unavailable', `mission generator ${genId} is not installed on this server`);
    return { gen, arg: arg.length ? arg.join(':') : null };
  }

  async get(id: string) {
    const c = await this.load(id);
    const { carried, lastRunning } = await this.carryOfLast(c.games, c.campaign.carried);
    const { gen, arg } = this.generator(c.campaign);
    const state = this.stateOf(c.campaign, c.games, carried);
    const next = lastRunning ? null : gen.next(c.rs, state, arg);
    return {
      id: c.campaign.id, ruleset: c.campaign.ruleset, generator: gen.id,
      status: !lastRunning && !next ? 'complete' : 'active',
      seats: c.campaign.seats.map((s) => ({ index: s.index, name: s.name, kind: s.kind, aiLevel: s.ai?.level ?? null })),
      games: c.games.map(({ rec, game }) => ({ n: rec.n, id: game.id, scenario: rec.scenario, status: game.status, result: game.result, carriedIn: rec.carriedIn })),
      carried,
      next: next ? next.scenario : null,
      createdAt: c.campaign.createdAt.toISOString(),
    };
  }

  private stateOf(c: CampaignRecord, games: { rec: CampaignGameRecord; game: GameRecord }[], carried: unknown | null): CampaignState {
    return { ruleset: c.ruleset, seats: c.seats.length, games: games.map(({ rec, game }) => ({ scenario: rec.scenario, result: (game.result as Result | null) ?? null })), carried };
  }

  /**
   * Starts the next game from what the campaign carries. Needs a campaign seat token (any
   * human seat; none when every seat is AI). The game's human seats take the campaign seats'
   * tokens: the token a seat got at POST /v1/campaigns plays it in every game of the campaign.
   */
  async startNext(id: string, token: string | null | undefined) {
    const found = await this.load(id);
    const seat = this.seatOf(found.campaign, token);
    if (seat === null && found.campaign.seats.some((s) => s.kind === 'human')) {
      throw new ServiceError(401, 'token_required', 'this call needs a campaign seat token (Authorization: Bearer <token>)');
    }
    // One start at a time: a second request is refused before it makes a game, so no game is
    // ever left outside its campaign.
    if (!(await this.db.claimStart(id))) {
      throw new ServiceError(409, 'campaign_conflict', `another request is starting the next game of campaign ${id}; read the campaign and retry`);
    }
    try {
      return await this.startClaimed(id);
    } finally {
      await this.db.releaseStart(id);
    }
  }

  private async startClaimed(id: string) {
    const c = await this.load(id); // read again under the claim: the games as they are now
    const { carried, lastRunning } = await this.carryOfLast(c.games, c.campaign.carried);
    if (lastRunning) {
      const last = c.games[c.games.length - 1].game;
      throw new ServiceError(409, 'previous_game_not_finished', `game ${last.id} of this campaign has not finished`, { gameId: last.id, version: last.version });
    }
    const { gen, arg } = this.generator(c.campaign);
    const next = gen.next(c.rs, this.stateOf(c.campaign, c.games, carried), arg);
    if (!next) throw new ServiceError(409, 'campaign_complete', `campaign ${id} has no next game (${gen.id})`);
    const seats = c.campaign.seats;
    const game = await this.svc.createGame({
      ruleset: c.campaign.ruleset, scenario: next.scenario, options: next.options,
      seats: seats.map((s) => ({ name: s.name, ...(s.ai ? { ai: s.ai } : {}) })),
      seatTokenHashes: seats.map((s) => s.tokenHash),
    });
    const n = (c.games[c.games.length - 1]?.rec.n ?? 0) + 1;
    const ok = await this.db.addGame(id, n, { gameId: game.id, scenario: next.scenario, carriedIn: carried }, carried);
    if (!ok) throw new ServiceError(409, 'campaign_conflict', `game ${n} of campaign ${id} was started by another request`);
    return { campaign: id, n, carriedIn: carried, game: { ...game, seats: game.seats.map(({ token: _t, ...s }) => s) } };
  }
}

// The Mission Generator (spec 5.1-5.2; checklist #90 in part): an interface, a pure function of
// the campaign state and a seed to a mission, and one simple generator, `remix`, so a campaign can
// be played on past the authored missions. The book's generator rules (p. 41, "developing your own
// Missions") are not in the source: `remix` builds a mission from an authored Advanced mission as
// its template (map, forces, setup data: every rule and data file keyed by the template's id
// applies unchanged) and generates what the campaign steers: the Round count, the Side with the
// initiative (the last mission's loser), and which OMs are the Gadget OM and the Crystal OM. The
// generated part travels as the next game's `options.generated`, checked at setup like mission data.
import { Type as T, type Static } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import { localRng } from '../../../engine/rng.js';
import { violation, type Result, type Violation } from '../../../engine/types.js';
import { CONTENT } from '../content.js';
import { seatSides, type Side } from '../state.js';
import type { Carry } from './turn.js';

/** What a generator sees (spec 5.2 CampaignState, as the campaign service holds it). */
export interface CampaignInput {
  seats: number;
  /** The games so far, in order, with their results (null while running). */
  games: { scenario: string; result: Result | null }[];
  /** The last finished game's carry (gadgets, upgrades, rewards, story flags), null before the first. */
  carried: unknown | null;
}

/** The generated part of a mission (`options.generated`); the rest is its template's. */
export const GeneratedSchema = T.Object({
  n: T.Integer({ minimum: 1, description: 'its number among the generated missions of the campaign (story flags G<n>)' }),
  generator: T.String({ minLength: 1, maxLength: 32 }),
  rounds: T.Integer({ minimum: 1, maximum: 6, description: 'the mission ends at the end of this Round (setup step I)' }),
  initiative: T.Union([T.Literal('MAYHEM'), T.Literal('LEGION')], { description: 'the Side that takes the first Turn of every Round (setup step K)' }),
  oms: T.Object({ gadget: T.Optional(T.String({ pattern: '^[1-9]$' })), crystal: T.Optional(T.String({ pattern: '^[1-9]$' })) }, { additionalProperties: false, description: 'its Gadget OM and Crystal OM (spec 10.2)' }),
}, { additionalProperties: false });
export type Generated = Static<typeof GeneratedSchema>;

/** A mission built by a generator: a template scenario and its generated part. */
export interface GeneratedMission { template: string; generated: Generated }

/** A Mission Generator (spec 5.2 [P]): pure, `(CampaignState, seed) → Mission`; null when it can build none for the campaign. */
export interface MissionGenerator {
  id: string;
  description: string;
  generate(c: CampaignInput, seed: string): GeneratedMission | null;
}

const check = new Ajv({ allErrors: true }).compile(GeneratedSchema);

/** A generated part is checked against its template like mission data: the schema, an Advanced mission for this many players, OMs it places. */
export function generatedProblem(missionId: string, players: number, raw: unknown): Violation | null {
  if (!check(raw)) return violation('bad_generated', `options.generated: ${new Ajv().errorsText(check.errors)}`);
  const g = raw as Generated;
  const m = CONTENT.missions[missionId];
  if (!TEMPLATE(m.id, players)) return violation('bad_generated', `${missionId} is no template for a generated mission (an Advanced mission for ${players} players)`);
  for (const id of [g.oms.gadget, g.oms.crystal]) if (id && !m.oms.some((o) => o.id === id)) return violation('bad_generated', `${missionId} places no OM ${id}`);
  if (g.oms.gadget && g.oms.gadget === g.oms.crystal) return violation('bad_generated', 'the Gadget OM and the Crystal OM are two markers');
  return null;
}

const TEMPLATE = (id: string, players: number) => { const m = CONTENT.missions[id]; return !!m && m.kind === 'mission' && m.rules === 'advanced' && m.players.includes(players); };

/** The winning Side of a finished game (seats to Sides as every mission deals them), null on a tie or while running. */
function winnerOf(r: Result | null, seats: number): Side | null {
  if (!r || r.draw || !r.winners.length) return null;
  return seatSides(seats)[r.winners[0]] ?? null;
}

/**
 * `remix`: a template drawn from the authored Advanced missions for the seat count; 2-4 Rounds;
 * the initiative to the last mission's loser (on a tie or first, LEGION, as the authored
 * missions); two different OMs of the template drawn as the Gadget and the Crystal OM.
 */
export const remixGenerator: MissionGenerator = {
  id: 'remix',
  description: "an authored Advanced mission's map and forces with generated Rounds, initiative (the last loser's) and reward OMs",
  generate(c, seed) {
    const templates = CONTENT.missionList.filter((m) => TEMPLATE(m.id, c.seats)).map((m) => m.id);
    if (!templates.length) return null;
    const rng = localRng(seed);
    const m = CONTENT.missions[templates[rng.int(templates.length)]];
    const flags = ((c.carried as Carry | null)?.flags ?? {}) as Record<string, string>;
    const n = Object.keys(flags).filter((k) => /^G\d+:winner$/.test(k)).length + 1;
    const last = winnerOf(c.games[c.games.length - 1]?.result ?? null, c.seats);
    const ids = m.oms.map((o) => o.id);
    const gadget = ids.length ? ids[rng.int(ids.length)] : undefined;
    const rest = ids.filter((x) => x !== gadget);
    const crystal = rest.length ? rest[rng.int(rest.length)] : undefined;
    const generated: Generated = {
      n, generator: 'remix', rounds: 2 + rng.int(3),
      initiative: last ? (last === 'MAYHEM' ? 'LEGION' : 'MAYHEM') : m.initiative,
      oms: { ...(gadget ? { gadget } : {}), ...(crystal ? { crystal } : {}) },
    };
    return { template: m.id, generated };
  },
};

/** The campaign's hook (Ruleset.generateMission): the next mission from `remix`, seeded by the campaign so far (pure). */
export function generateMission(c: CampaignInput): { scenario: string; options: Record<string, unknown> } | null {
  const seed = `remix:${c.seats}:${c.games.map((g) => `${g.scenario}=${g.result ? (g.result.draw ? 'draw' : g.result.winners.join('+')) : 'running'}`).join(',')}`;
  const g = remixGenerator.generate(c, seed);
  if (!g) return null;
  return { scenario: g.template, options: { ...(c.carried === null || c.carried === undefined ? {} : { carry: c.carried }), generated: g.generated } };
}

// The kernel contract (DESIGN.md, "The kernel contract in detail").
// Rulesets are pure: no I/O, no clock, no Math.random. Only setup and apply get the game's Rng.

export type Seat = number;

/** Who may see an event. 'server': nobody until the game ends. */
export type Audience = 'all' | 'server' | { seats: Seat[] };

export interface GameEvent {
  type: string;
  to: Audience;
  data: unknown;
  /** What everyone outside `to` sees instead (e.g. CardDrawn{seat} for CardDrawn{seat, card}). */
  others?: unknown;
}

/** A typed rule violation: the action is rejected, nothing is written. Never a no-op. */
export interface Violation {
  code: string;
  message: string;
  details?: unknown;
}

export interface Rng {
  /** Uniform integer in [0, n). */
  int(n: number): number;
  shuffle<T>(xs: readonly T[]): T[];
  /** An independent sub-stream per purpose ('dice', 'deck:ws'); an added draw moves no other stream. */
  fork(label: string): Rng;
  /** Draws so far on this stream and all its forks. */
  readonly draws: number;
}

export interface Ctx {
  /** The entry being applied (setup: 0). */
  seq: number;
  rng: Rng;
}

export interface SeatInfo {
  index: Seat;
  name: string;
  ai?: { level: string } | null;
}

export interface ScenarioInfo {
  id: string;
  title: string;
  players: number | number[];
  /** Free-form facts a client may show (first player, provisional data, ...). */
  notes?: Record<string, unknown>;
}

/**
 * `key` is filled in by the kernel when it hands an answer or default to `apply` (the
 * ruleset's own key of the decision answered); it is never stored in the log.
 */
export type Entry<A> =
  | { kind: 'answer'; seat: Seat; decision: string; action: A; key?: string }
  | { kind: 'sealed'; group: string; commits: Record<Seat, A> }
  | { kind: 'default'; decision: string; action: A; key?: string }
  | { kind: 'resign'; seat: Seat };

export interface Step<S> {
  state: S;
  events: GameEvent[];
}

export type DecisionTiming = 'turn' | 'reaction' | 'sealed' | 'setup';

/** What every seat may know of an open decision. */
export interface PublicDecision {
  /** `${seq}.${seat}.${kind}` minted by the kernel when the decision first appears. */
  id: string;
  seat: Seat;
  kind: string;
  blocking: boolean;
  group?: { id: string; mode: 'sealed' | 'parallel' };
  timing: DecisionTiming;
  /** Scopes for standing orders, e.g. ['turn:7', 'attack:7.2']. */
  context: string[];
  exposes: unknown;
}

export interface Decision extends PublicDecision {
  /** Seen by the deciding seat only. */
  prompt?: unknown;
}

/**
 * A decision as a ruleset reports it. `key` identifies it across entries: the kernel keeps
 * the minted id while the key stays open, and mints a new one when a new key appears, so a
 * ruleset changes the key (e.g. a round counter) when a decision must be re-minted.
 */
export type OpenDecision = Omit<Decision, 'id'> & { key: string };

export interface StandingOrder {
  id: string;
  match: { kind?: string; context?: string };
  rule: unknown;
}

export type Choice =
  | { done: true; optional?: Choice }
  | { field: string; oneOf: { value: unknown; label: string; hint?: unknown }[] }
  | { field: string; int: [number, number] }
  | { field: string; subset: { of: unknown[]; min: number; max: number } }
  | { field: string; step: { options: unknown[]; remaining: number; canStop: boolean } }
  | { field: string; point: { region: unknown } };

export interface Result {
  /** Seats that won; empty with draw=true for a draw. */
  winners: Seat[];
  draw: boolean;
  reason: string;
  scores?: Record<string, number>;
}

export type JsonSchema = Record<string, unknown>;

export interface Ruleset<S = any, A extends { type: string } = any, V = any> {
  id: string;
  version: string;
  title: string;
  players: { min: number; max: number };
  scenarios: ScenarioInfo[];
  optionsSchema: JsonSchema;
  ordersSchema?: JsonSchema;

  setup(p: { scenario: string; seats: SeatInfo[]; options: unknown }, ctx: Ctx): Step<S> | Violation;
  /** All open decisions, all seats. A running game always has a blocking one. */
  pending(s: S): OpenDecision[];
  candidates(s: S, seat: Seat, dec: OpenDecision, n: number, rng: Rng): { actions: A[]; all: boolean };
  validate(s: S, seat: Seat, dec: OpenDecision, a: A): Violation | null;
  /** Validates fully before its first draw; a Violation after a draw is a kernel error. */
  apply(s: S, e: Entry<A>, ctx: Ctx): Step<S> | Violation;
  /** Deterministic and always legal. */
  defaultAction(s: S, dec: OpenDecision): A;
  /** null: spectator, the public view. */
  view(s: S, seat: Seat | null): V;
  result(s: S): Result | null;

  // Optional parts (clients field-by-field, AI, standing orders).
  choices?(s: S, seat: Seat, dec: OpenDecision, partial: unknown): Choice;
  determinize?(v: V, seat: Seat | null, rng: Rng): S;
  query?(v: V, name: string, args: unknown): unknown;
  covers?(pub: V, d: PublicDecision, o: StandingOrder): boolean;
  answer?(own: V, d: Decision, o: StandingOrder): A;
  /** Greedy bots' one-ply evaluation for `seat`, higher is better. Pure. */
  evaluate?(s: S, seat: Seat): number;
  /**
   * The game's own bots, offered as AI levels by name beside the generic ones (Undaunted's
   * `house-easy` … `house-hard`). A bot answers from its seat's view and its own decision only.
   */
  soloBots?: Record<string, { official: boolean; act(v: V, d: Decision, rng: Rng): A }>;
  /** Tuning for the generic bots where this game differs (e.g. shallow MCTS rollouts). */
  botHints?: { mcts?: { rolloutDepth?: number; rootWidth?: number; leafWeight?: number } };
  /** A seat concedes. Absent: the game ends with every other seat winning. */
  resign?(s: S, seat: Seat, ctx: Ctx): Step<S>;
  /**
   * Campaigns (docs/CAMPAIGNS.md): what a finished game hands to the next game of a campaign,
   * a pure function of its final state (JSON). The next game's `setup` gets it as
   * `options.carry`, so a ruleset with `carry` accepts `carry` in its optionsSchema.
   */
  carry?(s: S): unknown;
  /**
   * Campaigns: the game's own Mission Generator (docs/CAMPAIGNS.md, generator `generated`), a
   * pure function of the campaign so far: the next game's scenario and options (a mission built
   * from what the campaign carries), or null when it has none.
   */
  generateMission?(c: { seats: number; games: { scenario: string; result: Result | null }[]; carried: unknown | null }): { scenario: string; options: Record<string, unknown> } | null;

  // Parts for clients and tools (DESIGN "Ruleset parts for clients and tools"). Every game
  // grows them under these names, so clients never need a game's code.
  /**
   * JSON Schema of one action: a `oneOf` over the action types, each an object with
   * `additionalProperties: false`. The kernel validates every submitted action against it
   * (ajv, no coercion) before `validate`.
   */
  actionSchema?: JsonSchema;
  /** A label for an action in the rulebook's words ("Medium Link M1 moves to C4"), from `v` only. */
  label?(v: V, seat: Seat | null, a: A): string;
  /** A short text for an event as the viewer received it (the redacted form), from `v` only. */
  describe?(v: V, ev: { type: string; data: unknown }): string;
  /** What a client needs to draw a scenario (map, adjacency, unit and card definitions, set-up). */
  scenarioData?(scenario: string): unknown;
  /** View in, SVG out; pure, reads only the view. */
  render?(v: V, opts: RenderOptions): string;

  /** Analysis (docs/ANALYSIS.md): the position format of sandbox games and forks. */
  position?: PositionFormat<S>;
}

/**
 * The parts of a state a person sets up (docs/ANALYSIS.md). `schema` is checked first (ajv,
 * no coercion); `fromPosition` then validates fully and names what is impossible.
 */
export interface PositionFormat<S = any> {
  schema: JsonSchema;
  /** The settable parts of `s`, or a Violation when `s` is at a point no position describes. */
  toPosition(s: S): unknown | Violation;
  /** The state of a (schema-valid) position; `base` is the scenario's set-up for the same seats and options. */
  fromPosition(p: unknown, base: S): S | Violation;
  /**
   * Random streams a sandbox may script, by fork label (a `#n` suffix is the same stream), and
   * how a scripted value maps to a draw `int(n)`: minus `offset`, or a face's index in `faces`.
   */
  streams?: Record<string, { description: string; offset?: number; faces?: readonly string[] }>;
  /** Whether information hidden from some seat in `before` is known to it in `after` (takebacks). */
  revealed?(before: S, after: S): boolean;
}

export interface RenderOptions {
  /** Whose picture (null: spectator). */
  seat: Seat | null;
  /** The last committed entry's events as this viewer received them, to highlight the last move. */
  lastEvents?: { type: string; data: unknown }[];
  /** Seat names for the legend (players' own text: drawn escaped, as text nodes). */
  seatNames?: string[];
  /** The game version pictured, shown in the caption. */
  version?: number;
}

export function isViolation(x: unknown): x is Violation {
  return typeof x === 'object' && x !== null && typeof (x as Violation).code === 'string'
    && typeof (x as Violation).message === 'string' && !('state' in (x as object));
}

export function violation(code: string, message: string, details?: unknown): Violation {
  return details === undefined ? { code, message } : { code, message, details };
}

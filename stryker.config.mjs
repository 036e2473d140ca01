// StrykerJS for `npm run mutate` (scripts/mutate.mjs): mutants of one folder of src/, killed by
// that folder's node:test suites run through Stryker's tap runner. Not in CI (slow); the smoke
// scope is small enough for CI. Scores per scope: docs/MUTATION.md.
const SCOPES = {
  // A few lines for CI: does the mutation pipeline itself work?
  smoke: { mutate: ['src/engine/mech/json.ts'], tests: ['tests/engine/json.test.ts'] },
  // One file with its own fast suite (a reference search on random boards).
  'src/engine/mech/grid-square.ts': { mutate: ['src/engine/mech/grid-square.ts'], tests: ['tests/engine/grid-square.test.ts'] },
  // Two engine files whose own suites check them exactly (node:crypto; the bytes of docs/VERIFY.md).
  // The engine scope would also run the conformance suite first for every mutant: slow, and on a
  // busy machine its mutants time out (counted as killed) before the direct suite is reached.
  'src/engine/sha256.ts': { mutate: ['src/engine/sha256.ts'], tests: ['tests/engine/sha256.test.ts'] },
  'src/engine/chain.ts': { mutate: ['src/engine/chain.ts'], tests: ['tests/engine/chain.test.ts'] },
  // The digest has its own known answers; chain.ts hashes through it (exact v1/v2 bytes).
  'src/engine/digest.ts': { mutate: ['src/engine/digest.ts'], tests: ['tests/engine/digest.test.ts', 'tests/engine/chain.test.ts'] },
  // The kernel's suites (the duel test ruleset; a scripted ruleset for each contract rule) and the chain suite.
  'src/engine/kernel.ts': { mutate: ['src/engine/kernel.ts'], tests: ['tests/engine/kernel.test.ts', 'tests/engine/kernel-contract.test.ts', 'tests/engine/chain.test.ts'] },
  // Engine helpers with their own direct suites.
  'src/engine/one-decision.ts': { mutate: ['src/engine/one-decision.ts'], tests: ['tests/engine/one-decision.test.ts'] },
  'src/engine/script.ts': { mutate: ['src/engine/script.ts'], tests: ['tests/engine/script.test.ts'] },
  'src/engine/types.ts': { mutate: ['src/engine/types.ts'], tests: ['tests/engine/types.test.ts'] },
  'src/engine/hidden-slot.ts': { mutate: ['src/engine/hidden-slot.ts'], tests: ['tests/engine/hidden-slot.test.ts', 'tests/engine/kernel-contract.test.ts'] },
  // The seeded streams: pinned draws, streams kept apart, the script helper; sha256.test.ts checks K_n and the ARC4 port.
  'src/engine/rng.ts': { mutate: ['src/engine/rng.ts'], tests: ['tests/engine/rng.test.ts', 'tests/engine/sha256.test.ts'] },
  // The playout driver and the conformance harness: direct suites with small scripted rulesets
  // (the conformance suite over every game is slow and would decide most mutants by timeout).
  'src/engine/playout.ts': { mutate: ['src/engine/playout.ts'], tests: ['tests/engine/playout.test.ts', 'tests/engine/chain.test.ts'] },
  'src/engine/conformance.ts': { mutate: ['src/engine/conformance.ts'], tests: ['tests/engine/conformance-harness.test.ts'] },
  // Planar geometry: its two suites (worked examples and brute-force references).
  'src/engine/mech/geom2d.ts': { mutate: ['src/engine/mech/geom2d.ts'], tests: ['tests/engine/geom2d.test.ts', 'tests/engine/geom2d-headings.test.ts', 'tests/engine/geom2d-more.test.ts'] },
  // Abaddon's rules file with the game's fast suites and the victory suite (the playout, game
  // and legal-set suites take 3-14 s each and would run for every surviving mutant; the victory
  // conditions, lines 296-365, are tested only by victory.test.ts). A line range of it,
  // e.g. `src/games/abaddon/rules.ts:646-763`, mutates only those lines with the same suites.
  'src/games/abaddon/rules.ts': {
    mutate: ['src/games/abaddon/rules.ts'],
    tests: ['tests/games/abaddon/combat.test.ts', 'tests/games/abaddon/combat-more.test.ts', 'tests/games/abaddon/cards.test.ts', 'tests/games/abaddon/flow.test.ts', 'tests/games/abaddon/full.test.ts', 'tests/games/abaddon/limits.test.ts', 'tests/games/abaddon/victory.test.ts', 'tests/games/abaddon/objectives.test.ts', 'tests/games/abaddon/jump-on.test.ts', 'tests/games/abaddon/rounds.test.ts', 'tests/games/abaddon/queries.test.ts'],
  },
  // What a seat may see: its direct suite, and the game's suites that read views (no-leak checks).
  'src/games/undaunted-callisto/view.ts': {
    mutate: ['src/games/undaunted-callisto/view.ts'],
    tests: ['tests/games/undaunted-callisto/view.test.ts', 'tests/games/undaunted-callisto/core.test.ts', 'tests/games/undaunted-callisto/solo.test.ts'],
  },
  // Undaunted's rules files: its suites but the slow random-playout property suite.
  ...Object.fromEntries(['geometry', 'rules', 'describe', 'notation', 'position', 'index'].map((f) => [
    `src/games/undaunted-callisto/${f}.ts`,
    { mutate: [`src/games/undaunted-callisto/${f}.ts`], tests: ['core', 'combat', 'actions', 'full', 'solo', 'content', 'view', 'geometry', 'notation', 'describe', 'position', 'decisions', 'victory'].map((t) => `tests/games/undaunted-callisto/${t}.test.ts`) },
  ])),
  // Undaunted's position format: its direct suite. With the game's suites the run was on course
  // for an hour at load 15: mutants of the file were run against suites that never write or read
  // a position (seen: geometry.test.ts), one by one to the end for each survivor.
  'src/games/undaunted-callisto/position.ts': { mutate: ['src/games/undaunted-callisto/position.ts'], tests: ['tests/games/undaunted-callisto/position.test.ts'] },
  // The ruleset surface (decisions, refusals, defaults, choices, queries, orders): its direct suite
  // and the two that drive the kernel through it. With all of the game's suites the run was on
  // course for 3 hours at load 15 (every suite reaches this file).
  'src/games/undaunted-callisto/index.ts': { mutate: ['src/games/undaunted-callisto/index.ts'], tests: ['decisions', 'core', 'combat'].map((t) => `tests/games/undaunted-callisto/${t}.test.ts`) },

  // Unbreakable's files: its suites but the slow random-playout property suite (each under 4 s).
  ...Object.fromEntries(['geometry', 'legal', 'state', 'view', 'text', 'evaluate', 'position', 'index', 'content', 'render', 'action-schema'].map((f) => [
    `src/games/unbreakable/${f}.ts`,
    { mutate: [`src/games/unbreakable/${f}.ts`], tests: ['actions', 'chrome', 'combat', 'core', 'experimental', 'limits', 'scenarios', 'text', 'geometry'].map((t) => `tests/games/unbreakable/${t}.test.ts`) },
  ])),

  // What a seat may see: its direct suite (tests/games/abaddon/view.test.ts) and the suites that
  // check views in play; not the whole game's folder (the playout suites are slow).
  'src/games/abaddon/view.ts': {
    mutate: ['src/games/abaddon/view.ts'],
    tests: ['tests/games/abaddon/view.test.ts', 'tests/games/abaddon/flow.test.ts', 'tests/games/abaddon/full.test.ts', 'tests/games/abaddon/combat.test.ts', 'tests/games/abaddon/combat-more.test.ts'],
  },
  // Abaddon in words: its direct suite (every action label and event text).
  'src/games/abaddon/describe.ts': { mutate: ['src/games/abaddon/describe.ts'], tests: ['tests/games/abaddon/describe.test.ts'] },
  // Abaddon's position format: its direct suite (no other suite writes or reads positions).
  'src/games/abaddon/position.ts': { mutate: ['src/games/abaddon/position.ts'], tests: ['tests/games/abaddon/position.test.ts'] },
  'src/engine/mech': {
    mutate: ['src/engine/mech/*.ts'],
    // Per-file coverage picks, for each mutant, only the suites that reach it.
    tests: ['tests/engine/*.test.ts', 'tests/games/undaunted-callisto/core.test.ts', 'tests/games/abaddon/flow.test.ts'],
  },
  'src/engine': {
    mutate: ['src/engine/*.ts'],
    tests: ['tests/engine/*.test.ts', 'tests/conformance/rulesets.test.ts'],
  },
  // Each game: every source file of its folder, killed by its own suites.
  ...Object.fromEntries(
    ['abaddon', 'undaunted-callisto', 'unbreakable', 'fast-and-dirty', 'agents-of-mayhem'].map((g) => [
      `src/games/${g}`,
      { mutate: [`src/games/${g}/**/*.ts`], tests: [`tests/games/${g}/*.test.ts`] },
    ]),
  ),
};

// Any single file (or sub-folder) of a game or of the engine is a scope of its own, with the
// suites of the scope it lies in: a game's whole folder takes hours, one file fits a session.
function within(path) {
  const game = /^src\/games\/([^/]+)\//.exec(path);
  if (game) return SCOPES[`src/games/${game[1]}`];
  if (path.startsWith('src/engine/mech/')) return SCOPES['src/engine/mech'];
  if (path.startsWith('src/engine/')) return SCOPES['src/engine'];
  return undefined;
}

const name = process.env.MUTATE_SCOPE ?? 'smoke';
// `file.ts:from-to`: only those lines of the file (Stryker's own range form), with the file's suites.
const ranged = /^(.+\.ts):\d+-\d+$/.exec(name);
const file = ranged ? ranged[1] : name;
const parent = SCOPES[file] ?? within(file);
const scope = (SCOPES[name] && !ranged) ? SCOPES[name] : parent && { mutate: [ranged ? name : file.endsWith('.ts') ? file : `${file}/**/*.ts`], tests: parent.tests };
if (!scope) throw new Error(`mutate: unknown scope ${name}; one of ${Object.keys(SCOPES).join(', ')}, or a file or folder under src/engine or src/games/<id>`);
const slug = name.replace(/[^a-z0-9]+/gi, '-');

export const scopes = SCOPES;

export default {
  // The tap runner runs each suite file as its own node process (node:test prints TAP when piped)
  // and records which files reach which mutants, so a mutant runs only the files that cover it
  // and stops at the first failing one. Files of a scope must be able to run on their own.
  testRunner: 'tap',
  tap: { testFiles: scope.tests, nodeArgs: ['--import', 'tsx'], forceBail: true },
  coverageAnalysis: 'perTest',
  // A static mutant (module-level code: constant tables, top-level statements) can only be
  // told apart by reloading every suite, which makes a scope take hours. They are left out of
  // the score by default (reported as Ignored); MUTATE_STATIC=1 includes them.
  ignoreStatic: process.env.MUTATE_STATIC !== '1',
  mutate: scope.mutate,
  concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 1),
  // A mutant that loops forever costs this much beyond its suites' normal time.
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${slug}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  // The embedded database and reports are not sources; the sandbox links node_modules.
  ignorePatterns: ['/data', '/reports', '/bench/.scratch', '/generated', '/docs', '/docker'],
};

// StrykerJS for `npm run mutate` (scripts/mutate.mjs): mutants of one folder of src/, killed by
// that folder's node:test suites run through the command runner. Not in CI (slow); the smoke
// scope is small enough for CI. Scores per scope: docs/MUTATION.md.
const SCOPES = {
  // A few lines for CI: does the mutation pipeline itself work?
  smoke: { mutate: ['src/engine/mech/json.ts'], tests: ['tests/engine/json.test.ts'] },
  // One file with its own fast suite (a reference search on random boards).
  'src/engine/mech/grid-square.ts': { mutate: ['src/engine/mech/grid-square.ts'], tests: ['tests/engine/grid-square.test.ts'] },
  'src/engine/mech': {
    mutate: ['src/engine/mech/*.ts'],
    tests: ['tests/engine/graph.test.ts', 'tests/engine/grid-square.test.ts', 'tests/engine/json.test.ts', 'tests/games/undaunted-callisto/core.test.ts', 'tests/games/abaddon/flow.test.ts'],
  },
  'src/engine': {
    mutate: ['src/engine/*.ts'],
    tests: ['tests/engine/*.test.ts', 'tests/conformance/rulesets.test.ts'],
  },
  'src/games/abaddon': { mutate: ['src/games/abaddon/*.ts'], tests: ['tests/games/abaddon/*.test.ts'] },
  'src/games/undaunted-callisto': { mutate: ['src/games/undaunted-callisto/*.ts'], tests: ['tests/games/undaunted-callisto/*.test.ts'] },
};

const name = process.env.MUTATE_SCOPE ?? 'smoke';
const scope = SCOPES[name];
if (!scope) throw new Error(`mutate: unknown scope ${name}; one of ${Object.keys(SCOPES).join(', ')}`);
const slug = name.replace(/[^a-z0-9]+/gi, '-');

export const scopes = SCOPES;

export default {
  testRunner: 'command',
  // The shell expands the globs (Node 20's --test needs the files listed).
  commandRunner: { command: `node --import tsx --test ${scope.tests.join(' ')}` },
  mutate: scope.mutate,
  coverageAnalysis: 'off',
  concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 1),
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${slug}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  // The embedded database and reports are not sources; the sandbox links node_modules.
  ignorePatterns: ['/data', '/reports', '/bench/.scratch', '/generated', '/docs', '/docker'],
};

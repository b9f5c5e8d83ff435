// @ts-check
/**
 * Mutation testing of the domain rules in packages/core (`npm run mutate`; `npm test` runs the
 * incremental mode, which re-tests only mutants in code or tests changed since
 * reports/stryker-incremental.json was written, and that file is committed).
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
/*
 * Surviving mutants, each equivalent (no input tells the mutant from the rule), kept in the score:
 * - entitlements.ts, `org.trialEndsAt !== null && ...` -> `true && ...`: Date.parse(null) is NaN,
 *   and NaN > now is false, so a trial without an end is out of standing either way. The check
 *   stays for the type (Date.parse takes a string).
 * - week.ts, utcMillis, `d.getUTCMonth() !== month - 1` -> `false` and `d.getUTCDate() !== day`
 *   -> `false`: a day that overflows its month always changes the month too, and a month that
 *   overflows always changes the year, so each of the two checks repeats the other. Both stay so
 *   the round trip reads as what it is: the same year, month and day back.
 * Any other survivor is a gap in the unit tests.
 */
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  checkers: [],
  coverageAnalysis: 'perTest',
  // A static mutant (module-level code: the plan table, zod schemas and their messages, the SVG
  // allowlists) needs every related test file re-run in a fresh module, which took 88% of the run
  // time for a third of the mutants: the full run would take over an hour here. Those values are
  // pinned by the unit tests instead, which assert the plan table and the schema messages exactly
  // (a wrong plan limit fails plans.test.ts and entitlements.test.ts).
  ignoreStatic: true,
  mutate: [
    'packages/core/src/**/*.ts',
    '!packages/core/src/**/*.test.ts',
    // Not rules: re-exports only.
    '!packages/core/src/index.ts',
    // Not rules: texts the server answers with, shared with the web (a changed text is a spec
    // change, caught by the integration and browser tests that read them, not a rule to mutate).
    '!packages/core/src/messages.ts',
    // Not rules: the API's response shapes, checked where the handlers answer them (integration).
    '!packages/core/src/api/**',
    '!packages/core/src/responses/**',
    // Not rules: HTTP response headers, tested by the infra and e2e suites that serve them.
    '!packages/core/src/security-headers.ts',
  ],
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // A score below `break` fails the run (and so `npm test`).
  thresholds: { high: 95, low: 90, break: 90 },
  concurrency: 2,
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
}

export default config

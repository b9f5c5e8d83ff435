import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { BenchFirst } from './test/sequencer.ts'
import react from '@vitejs/plugin-react'

/**
 * One runner for everything. `unit` needs nothing running; `integration` and `e2e` get the
 * local stack (real emulators on free ports) from their global setup. The stack's handlers run in
 * the process that starts it and read its environment, so two stacks cannot share one vitest
 * process: `npm test` runs `e2e` in a second vitest run, after the others.
 */
export default defineConfig({
  test: {
    // One test file per core (vitest's default leaves one core to itself: on two cores, one file at
    // a time). Much of a file's time is waiting on the stack's emulators or the bench's children.
    maxWorkers: availableParallelism(),
    reporters: ['default', './test/flaky-reporter.ts'],
    sequence: { sequencer: BenchFirst },
    projects: [
      {
        test: {
          name: 'unit',
          // Pure rules: the files share one worker's modules instead of importing them again each.
          isolate: false,
          include: [
            'packages/core/**/*.test.ts',
            'packages/i18n/**/*.test.ts',
            'packages/adapters/**/*.test.ts',
            'local/**/*.test.ts',
            'functions/src/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/data/**/*.test.ts', 'functions/**/*.test.ts'],
          exclude: ['functions/src/**/*.unit.test.ts'],
          // The files share their worker's modules (each still starts from the worker's environment,
          // test/stack-env.ts): importing the functions and the AWS SDK once per worker instead of
          // once per file spared a quarter of this project's CPU (measured 2026-11-23).
          isolate: false,
          globalSetup: ['test/stack-setup.ts'],
          setupFiles: ['test/stack-env.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
          // One jsdom and one copy of React, the router and i18next per worker instead of per file:
          // a third of the CPU (measured 2026-11-23). test/setup.ts cleans up between files.
          isolate: false,
          // Room for test/setup.ts's 5 s waits on a loaded machine; a passing test ends when it is done.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          // A synthesis in beforeAll takes seconds alone, minutes on a loaded two-core machine.
          hookTimeout: 300_000,
          // Each file synthesizes its own App; sharing the worker spares re-importing aws-cdk-lib per file.
          isolate: false,
          testTimeout: 120_000,
        },
      },
      {
        test: {
          // The benchmark's quick mode, end to end: every figure printed, nothing asserted on time.
          name: 'bench',
          include: ['scripts/**/*.test.ts'],
          testTimeout: 900_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['test/stack-setup.ts'],
          setupFiles: ['test/stack-env.ts'],
          // Room for the keyboard walks on a loaded machine; a passing test ends when it is done.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A file per core: the phase waits more than it computes since DynamoDB Local compiles with
          // C1 only and pages load without the service worker (measured 2026-11-23: 153 s instead of
          // 224 s one file at a time, which had been the faster way before those two changes).
          fileParallelism: true,
          // The files share their worker's modules, as the integration files do: importing the
          // functions and the AWS SDK again for each file was a fifth of the phase (setup, 216 s of
          // 1,102 s of files, measured 2026-11-30).
          isolate: false,
          // A browser test that fails once on a loaded machine (a click that lands while a toast
          // slides in) gets a second try; one that fails twice fails the run, and one that passed
          // only on its retry is named at the end of `npm test` (test/flaky-reporter.ts).
          retry: 1,
        },
      },
    ],
  },
})

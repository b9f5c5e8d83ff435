import type { Reporter, TestCase } from 'vitest/node'

/**
 * Names every test that failed and then passed on its retry (the e2e project retries once), with
 * what failed the first time, so a flake stays visible in a green run and its cause is on record;
 * scripts/test.sh prints these lines again at the very end.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = []

  onTestCaseResult(test: TestCase) {
    if (!test.diagnostic()?.flaky) return
    // A retried pass keeps the errors of the attempts that failed (vitest's TestResultPassed).
    // One line each (scripts/test.sh greps them): the message and the first frames outside node_modules.
    const why = (test.result().errors ?? []).map((e) =>
      (e.stack ?? e.message)
        .split('\n')
        .filter((line) => !line.includes('/node_modules/'))
        .slice(0, 4)
        .map((line) => line.trim())
        .join(' | '),
    )
    this.flaky.push([`${test.module.relativeModuleId} > ${test.fullName}`, ...why].join('; first attempt: '))
  }

  onTestRunEnd() {
    for (const entry of this.flaky) console.log(`flaky: passed only on a retry: ${entry}`)
  }
}

import type { Reporter, TestCase } from 'vitest/node'

/**
 * Names every test that failed and then passed on its retry (the e2e project retries once), so a
 * flake stays visible in a green run; scripts/test.sh prints these lines again at the very end.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = []

  onTestCaseResult(test: TestCase) {
    const diagnostic = test.diagnostic()
    if (diagnostic?.flaky) this.flaky.push(`${test.module.relativeModuleId} > ${test.fullName}`)
  }

  onTestRunEnd() {
    for (const name of this.flaky) console.log(`flaky: passed only on a retry: ${name}`)
  }
}

import { defineConfig } from 'vitest/config'

/**
 * What Stryker runs against each mutant: the `unit` project's tests of packages/core (see
 * vitest.config.ts), with fewer generated cases per property. Nothing here needs the local
 * stack, so a mutant is judged in well under a second.
 */
export default defineConfig({
  test: {
    include: ['packages/core/**/*.test.ts'],
    // Code run as text (the CloudFront Function's) cannot run once Stryker has instrumented it.
    exclude: ['packages/core/**/*.cloudfront.test.ts'],
    setupFiles: ['stryker.vitest.setup.ts'],
  },
})

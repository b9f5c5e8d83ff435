import { defineConfig } from 'vitest/config'

/**
 * What Stryker runs against each mutant: the `unit` project's tests of packages/core (see
 * vitest.config.ts), with fewer generated cases per property. Nothing here needs the local
 * stack, so a mutant is judged in well under a second.
 */
export default defineConfig({
  test: {
    include: ['packages/core/**/*.test.ts'],
    setupFiles: ['stryker.vitest.setup.ts'],
  },
})

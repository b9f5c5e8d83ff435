import { defineConfig } from 'vitest/config'

/**
 * What Stryker runs against each mutant: the `unit` project's tests of packages/core (see
 * vitest.config.ts). Nothing here needs the local stack, so a mutant is judged in milliseconds.
 */
export default defineConfig({
  test: {
    include: ['packages/core/**/*.test.ts'],
  },
})

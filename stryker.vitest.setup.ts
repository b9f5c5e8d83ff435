import fc from 'fast-check'

// Stryker re-runs the properties for every mutant; fewer generated cases each keep a mutant's run
// short. `npm test` runs them with fast-check's default of 100.
fc.configureGlobal({ numRuns: 25 })

import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, inject } from 'vitest'

/**
 * The figures the security suite reached, for the README's Reliability section. Each test file
 * adds its own; the last file of the run to finish prints the totals. The file in the temporary
 * directory is keyed by this run's stack (its secrets and pool id are new every run).
 */
export interface Figures {
  routes: string[]
  cases: number
  faults: number
  acknowledged: number
  foundAfterCrash: number
}

const suiteDir = join(import.meta.dirname, '..')
const runKey = createHash('sha256')
  .update(JSON.stringify(inject('stackEnv')))
  .digest('hex')
  .slice(0, 16)
const file = join(tmpdir(), `timesheets-security-figures-${runKey}.json`)

const read = (): Record<string, Figures> => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {})

export const figuresFor = (testFile: string) => {
  const name = basename(testFile)
  const mine: Figures = { routes: [], cases: 0, faults: 0, acknowledged: 0, foundAfterCrash: 0 }
  const routes = new Set<string>()
  afterAll(() => {
    mine.routes = [...routes].sort()
    const all = { ...read(), [name]: mine }
    writeFileSync(`${file}.tmp`, JSON.stringify(all, null, 2))
    renameSync(`${file}.tmp`, file)
    const expected = readdirSync(suiteDir).filter((f) => f.endsWith('.test.ts'))
    const done = expected.filter((f) => all[f])
    const union = new Set(Object.values(all).flatMap((f) => f.routes))
    const sum = (k: 'cases' | 'faults' | 'acknowledged' | 'foundAfterCrash') =>
      Object.values(all).reduce((n, f) => n + f[k], 0)
    const label =
      done.length === expected.length
        ? 'Security suite totals'
        : `Security suite so far (${done.length} of ${expected.length} files)`
    console.log(
      [
        `${label}:`,
        `  routes covered:              ${union.size}`,
        `  cases tried:                 ${sum('cases')}`,
        `  faults injected:             ${sum('faults')}`,
        `  writes acknowledged:         ${sum('acknowledged')}`,
        `  writes found after the crash: ${sum('foundAfterCrash')}`,
        `  (${file})`,
      ].join('\n'),
    )
  })
  return {
    route: (key: string) => routes.add(key),
    cases: (n = 1) => (mine.cases += n),
    faults: (n = 1) => (mine.faults += n),
    acknowledged: (n = 1) => (mine.acknowledged += n),
    foundAfterCrash: (n = 1) => (mine.foundAfterCrash += n),
  }
}

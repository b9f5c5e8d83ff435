import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * Every rule file of packages/core must reach the floor on its own: Stryker's `break` threshold
 * holds only the overall score, which a well-tested file can carry for an untested one. Reads the
 * incremental report Stryker writes (mutation-testing-report-schema) after `stryker run`.
 */
export const MUTATION_FLOOR = 80

interface Report {
  files: Record<string, { mutants: { status: string }[] }>
}

const detected = new Set(['Killed', 'Timeout'])
const undetected = new Set(['Survived', 'NoCoverage'])

/** Each file's score: detected mutants among those that ran or had no test (errors and ignored ones aside). */
export const fileScores = (report: Report) =>
  Object.entries(report.files)
    .map(([file, { mutants }]) => {
      const killed = mutants.filter((m) => detected.has(m.status)).length
      const missed = mutants.filter((m) => undetected.has(m.status)).length
      return { file, killed, missed, score: killed + missed ? (100 * killed) / (killed + missed) : 100 }
    })
    .sort((a, b) => a.file.localeCompare(b.file))

export const filesUnderFloor = (report: Report, floor = MUTATION_FLOOR) =>
  fileScores(report).filter((f) => f.score < floor)

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const file = process.argv[2] ?? join(import.meta.dirname, '..', 'reports', 'stryker-incremental.json')
  const under = filesUnderFloor(JSON.parse(readFileSync(file, 'utf8')) as Report)
  for (const f of under)
    console.error(
      `${f.file}: ${f.score.toFixed(1)} % (${f.killed} detected, ${f.missed} not), under ${MUTATION_FLOOR} %`,
    )
  if (under.length) process.exit(1)
  console.log(`Mutation floor: every file at ${MUTATION_FLOOR} % or more.`)
}

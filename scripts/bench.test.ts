import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { routes } from '@app/functions'
import { repoRoot } from '@app/local'
import { COST_FIGURES } from './bench/cost.ts'
import { figureNames } from './bench/report.ts'

/** The rows of the Markdown table whose title starts with `title` (header and rule left out). */
const tableRows = (markdown: string, title: string) => {
  const lines = markdown.split('\n')
  const start = lines.findIndex((l) => l.startsWith(`### ${title}`))
  expect(start, `no table "${title}"`).toBeGreaterThanOrEqual(0)
  const rows: string[][] = []
  for (const line of lines.slice(start + 4)) {
    if (!line.startsWith('|')) break
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    )
  }
  return rows
}
const dollars = (cell: string | undefined) => Number(cell)
/** Figures are printed with 6 decimals: a sum of n of them may differ from the printed total by n × 0.5e-6. */
const closeTo = (a: number, b: number, terms: number) =>
  expect(Math.abs(a - b)).toBeLessThanOrEqual(terms * 5e-7 + 1e-9)

/**
 * `npm run bench -- --quick` end to end: it starts its own stack, measures everything on a small
 * data set and prints every figure. Times are never asserted (targets are printed, not enforced).
 */
describe('npm run bench --quick', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-test-'))
  let child: ChildProcess | undefined
  afterAll(() => {
    // Should the test time out, SIGTERM makes the bench stop the stack it started.
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  })

  it('prints every figure and every function, writes the Markdown, and exits 0', { timeout: 15 * 60_000 }, async () => {
    const out = join(dir, 'bench-results.md')
    const tsx = join(repoRoot, 'node_modules/tsx/dist/cli.mjs')
    const bench = spawn(process.execPath, [tsx, 'scripts/bench.ts', '--quick', '--out', out], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = bench
    let stdout = ''
    let stderr = ''
    bench.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    bench.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8000)))
    const code = await new Promise<number | null>((resolve) => bench.once('exit', resolve))

    expect(code, stderr).toBe(0)
    const markdown = readFileSync(out, 'utf8')
    for (const name of [...figureNames(), ...Object.keys(routes)]) {
      const row = stdout.split('\n').find((l) => l.startsWith(`| ${name} `))
      expect(row, `${name} was not printed`).toBeDefined()
      // A measured figure is a number; a dash marks one that was not measured.
      expect(row, `${name} has a figure missing`).not.toMatch(/\| +— +\|/)
      expect(markdown).toContain(`| ${name} `)
    }
    expect(markdown).toMatch(/Node v\d+/)

    // The cost section: printed, and its parts add up (their size is never asserted).
    const services = tableRows(stdout, 'Cost of one church a month')
    const total = services.find((r) => r[0] === COST_FIGURES.total)
    expect(total, 'the total was not printed').toBeDefined()
    const serviceRows = services.filter((r) => r !== total)
    expect(serviceRows.map((r) => r[0])).toEqual([
      'Lambda',
      'API Gateway',
      'CloudFront',
      'DynamoDB',
      'S3',
      'SES',
      'Cognito',
      'CloudWatch Logs',
    ])
    for (const r of services) expect(Number.isFinite(dollars(r[2])), r.join(' | ')).toBe(true)
    const sumOfServices = serviceRows.reduce((n, r) => n + dollars(r[2]), 0)
    closeTo(sumOfServices, dollars(total![2]), serviceRows.length)

    const perRoute = tableRows(stdout, 'Cost per route')
    const all = perRoute.find((r) => r[0] === COST_FIGURES.allRoutes)!
    const church = perRoute.find((r) => r[0] === COST_FIGURES.perChurch)!
    const routeRows = perRoute.filter((r) => r !== all && r !== church)
    expect(routeRows.length).toBeGreaterThan(5)
    for (const r of routeRows) expect(r[0]).toMatch(/^((GET|POST|PUT|PATCH|DELETE) \/api\/|\(outside a request\))/)
    // Columns: Lambda 5, API Gateway 6, CloudFront 7, DynamoDB 8, the rest 9, total 10.
    for (const col of [5, 6, 7, 8, 9, 10])
      closeTo(
        routeRows.reduce((n, r) => n + dollars(r[col]), 0),
        dollars(all[col]),
        routeRows.length,
      )
    // Every route's columns make its total; routes and the church's own part make the total.
    for (const r of [...routeRows, all, church])
      closeTo(
        [5, 6, 7, 8, 9].reduce((n, col) => n + dollars(r[col]), 0),
        dollars(r[10]),
        5,
      )
    closeTo(dollars(all[10]) + dollars(church[10]), dollars(total![2]), routeRows.length + 2)
    // Lambda and API Gateway are wholly per route: the routes' sum is the services' figure.
    const service = (name: string) => dollars(serviceRows.find((r) => r[0] === name)![2])
    closeTo(dollars(all[5]) + dollars(all[6]), service('Lambda') + service('API Gateway'), routeRows.length * 2)

    const growth = tableRows(stdout, 'Growth:')
    expect(growth.length).toBe(4)
    for (const r of growth) expect(Number.isFinite(dollars(r[4])), r.join(' | ')).toBe(true)
    expect(growth.at(-1)![7]).toMatch(/^(pass|miss)$/)
    const memory = tableRows(stdout, 'Lambda memory size')
    expect(memory.map((r) => r[0]!.replace(/ \(template\)$/, ''))).toEqual(['256 MB', '512 MB', '1024 MB', '1769 MB'])
    expect(stdout).toMatch(/The five most expensive routes: 1\. /)
    expect(markdown).toContain('### Cost of one church a month')
  })
})

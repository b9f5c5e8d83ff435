import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { routes } from './routes.ts'

const src = import.meta.dirname
const routeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return ['http', 'workflows', 'views', 'jobs'].includes(e.name) ? [] : routeFiles(path)
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && dir !== src
      ? [relative(src, path).replace(/\.ts$/, '')]
      : []
  })

/**
 * Route files live in a folder per resource; http/, workflows/ and views/ hold what routes share;
 * jobs/ are scheduled, not routed.
 */
describe('the route manifest', () => {
  it('lists every route file under src/ by its path, and nothing else', () => {
    expect(Object.keys(routes).sort()).toEqual(routeFiles(src).sort())
  })

  it('has each method and path once', () => {
    const keys = Object.values(routes).map((r) => `${r.method} ${r.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('keeps every API path under /api/', () => {
    for (const route of Object.values(routes)) expect(route.path).toMatch(/^\/api\//)
  })

  // Infra grants exactly `uses`: a route whose code reaches a bucket or email without declaring it
  // would fail only in AWS, so its source is read for what it reaches.
  it('declares the buckets and email each route reaches', () => {
    const reaches: [RegExp, string][] = [
      [/\.logo\(/, 'logosBucket'],
      [/files\.(report|timesheetCsv)|workflows\/(decisions|timesheet-csv)\.ts/, 'exportsBucket'],
      [/workflows\/(decisions|submission|decision-link-check)\.ts/, 'email'],
    ]
    for (const [key, route] of Object.entries(routes)) {
      const source = readFileSync(join(src, `${key}.ts`), 'utf8')
      const needs = reaches.filter(([pattern]) => pattern.test(source)).map(([, use]) => use)
      expect(route.uses, key).toEqual(expect.arrayContaining(needs))
    }
  })
})

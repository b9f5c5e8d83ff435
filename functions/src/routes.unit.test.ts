import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { routes } from './routes.ts'

const src = import.meta.dirname
const routeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return ['http', 'support', 'jobs'].includes(e.name) ? [] : routeFiles(path)
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && dir !== src
      ? [relative(src, path).replace(/\.ts$/, '')]
      : []
  })

/** Route files live in a folder per resource; http/ and support/ hold what routes share; jobs/ are scheduled, not routed. */
describe('the route manifest', () => {
  it('lists every route file under src/ by its path, and nothing else', () => {
    expect(Object.keys(routes).sort()).toEqual(routeFiles(src).sort())
  })

  it('has each method and path once', () => {
    const keys = Object.values(routes).map((r) => `${r.method} ${r.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('keeps every API path under /api/ and declares what each route touches', () => {
    for (const route of Object.values(routes)) {
      expect(route.path).toMatch(/^\/api\//)
      expect(route.uses.length).toBeGreaterThan(0)
    }
  })
})

import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DashboardStats, NoContent, Page, Redirect } from '@app/core'
import { answerProblem } from './http/define-route.ts'
import { HttpResponse } from './http/response.ts'
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
      // Decisions write no file since The approval's CSV is made by download-csv.
      [/files\.(report|timesheetCsv)|workflows\/timesheet-csv\.ts/, 'exportsBucket'],
      [/workflows\/(decisions|submission|mailer)\.ts/, 'email'],
      // Delivering a webhook opens its sealed signing secret; making one seals it.
      [
        /webhook-sender\.ts|workflows\/(decisions|submission|time-off)\.ts|\bcancelTimeOff\b|webhooks\.create\(/,
        'secretsKey',
      ],
    ]
    /**
     * Checking an emailed link needs its secret: 'links' alone, or 'email', which includes it; so
     * does signing a page's cursor.
     */
    const checksLinks = /workflows\/(decision-link-check|unsubscribe-links|page-cursors)\.ts/
    for (const [key, route] of Object.entries(routes)) {
      const source = readFileSync(join(src, `${key}.ts`), 'utf8')
      const needs = reaches.filter(([pattern]) => pattern.test(source)).map(([, use]) => use)
      expect(route.uses, key).toEqual(expect.arrayContaining(needs))
      if (checksLinks.test(source))
        expect(
          route.uses.some((u) => u === 'links' || u === 'email'),
          key,
        ).toBe(true)
      // A route given the link secret alone sends no email.
      if (route.uses.includes('links')) expect(source, key).not.toMatch(/workflows\/(decisions|submission|mailer)\.ts/)
    }
  })

  // A cursor the client sends back is opened only if we signed it: an unsigned one would let a
  // client edited cursor answer an empty or wrong page instead of 400.
  it('signs the cursor of every route that pages', () => {
    const paging = Object.entries(routes).filter(([, route]) => {
      const shape = (route.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {}
      return 'cursor' in shape
    })
    expect(paging.map(([key]) => key)).toEqual(
      expect.arrayContaining(['audit/list-audit', 'timesheets/list-timesheets']),
    )
    for (const [key] of paging) {
      const source = readFileSync(join(src, `${key}.ts`), 'utf8')
      expect(source, key).toMatch(/\bopenCursor\(/)
      expect(source, key).toMatch(/\bsignCursor\(/)
    }
  })

  it('declares what every route answers', () => {
    const missing = Object.entries(routes).filter(([, route]) => !route.response)
    expect(missing.map(([key]) => key)).toEqual([])
  })
})

describe('checking an answer against its declared response', () => {
  const stats = { pending: 1, approved: 0, approvedTotal: 2, rejected: 0, totalTimesheets: 3, activeEmployees: 4 }

  it('accepts data of the declared shape, as plain data or as a JSON response', () => {
    expect(answerProblem(DashboardStats, stats)).toBeUndefined()
    expect(answerProblem(DashboardStats, HttpResponse.json(stats, 200, ['a=b']))).toBeUndefined()
    expect(answerProblem(NoContent, undefined)).toBeUndefined()
    expect(answerProblem(DashboardStats, HttpResponse.json(stats, 201, ['a=b']), true)).toBeUndefined()
  })

  it('holds an answer built with cookies to the declared status', () => {
    expect(answerProblem(DashboardStats, HttpResponse.json(stats, 201))).toContain('200 was declared')
    expect(answerProblem(DashboardStats, HttpResponse.json(stats, 200), true)).toContain('201 was declared')
  })

  it('names what drifted', () => {
    const { activeEmployees: _, ...withoutOne } = stats
    expect(answerProblem(DashboardStats, withoutOne)).toContain('activeEmployees')
    expect(answerProblem(DashboardStats, { ...stats, pending: '1' })).toContain('pending')
    expect(answerProblem(NoContent, stats)).toBeDefined()
    expect(answerProblem(DashboardStats, HttpResponse.html('<p>stats</p>'))).toBeDefined()
  })

  it('tells redirects and pages from data', () => {
    expect(answerProblem(Redirect, HttpResponse.redirect('/'))).toBeUndefined()
    expect(answerProblem(Redirect, HttpResponse.html('<p>Sign-in failed</p>', 400))).toBeUndefined()
    // A navigation may stop on a page of ours (sign-out asks first when another site started it).
    expect(answerProblem(Redirect, HttpResponse.html('<p>Sign out?</p>'))).toBeUndefined()
    expect(answerProblem(Redirect, HttpResponse.json({ ok: true }))).toBeDefined()
    expect(answerProblem(Redirect, stats)).toBeDefined()
    expect(answerProblem(Page, HttpResponse.html('<p>Approve?</p>'))).toBeUndefined()
    expect(answerProblem(Page, HttpResponse.redirect('/'))).toBeDefined()
  })
})

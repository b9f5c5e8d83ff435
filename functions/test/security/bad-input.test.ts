import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { addDays } from '@app/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { callRoute } from '../support/test-event.ts'
import { useStripeDouble } from '../support/test-stripe.ts'
import { expectCleanRefusal } from './support/checks.ts'
import { figuresFor } from './support/figures.ts'
import { DATE_EDGES, hostileBody, hostileParams, hostileQuery, TIME_EDGES } from './support/hostile.ts'
import { manifest, routes, type Route, type RouteKey } from './support/manifest.ts'
import { makeTenant, ownerRequest, thisWeek, type Tenant } from './support/world.ts'

/**
 * Bad input for every route of the manifest: wrong types, 100k-character strings, 1000 levels of
 * nesting, unicode, prototype-pollution keys, edge times and dates, SQL-ish and script strings.
 * Each answer is a clear 4xx (never a 500, a stack or an internal name), and a refused request
 * leaves the organization's data exactly as it was.
 */
const figures = figuresFor(import.meta.filename)
const RUNS = 15
let t: Tenant
const prototypeBefore = {
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
  func: Object.getOwnPropertyNames(Function.prototype).sort(),
}

// Billing answers for real (against the local Stripe test double), so its validation is reached.
useStripeDouble()

beforeAll(async () => {
  t = await makeTenant(`Gamma${randomUUID().slice(0, 6)} Church`, { spare: true })
}, 60_000)

const label = ([key, r]: [RouteKey, Route]) => `${r.method} ${r.path} (${key})`

describe('generated bad input: a clear 4xx and nothing changed', () => {
  it.each(manifest.map((e) => [label(e), e] as const))(
    '%s',
    async (_, [key, route]) => {
      figures.route(key)
      const base = await ownerRequest(key, route, t)
      const baseBody =
        base.body && typeof base.body === 'object' && !Array.isArray(base.body)
          ? (base.body as Record<string, unknown>)
          : {}
      let current = await t.snapshot()
      await fc.assert(
        fc.asyncProperty(
          hostileParams(base.params ?? {}),
          hostileQuery(base.query),
          route.method === 'GET' ? fc.constant(undefined) : hostileBody(baseBody),
          async (params, query, body) => {
            figures.cases()
            const res = await callRoute(route, { cookies: base.cookies, params, query, body })
            const context = `${key} params=${JSON.stringify(params).slice(0, 200)} query=${JSON.stringify(query).slice(0, 200)} body=${String(body).slice(0, 200)}`
            expect(res.status, `${context}: ${res.text.slice(0, 300)}`).toBeLessThan(500)
            if (res.status >= 400) {
              expectCleanRefusal(res, context, [...Object.values(params), ...Object.values(query)])
              expect(await t.snapshot(), `${context}: a refused request changed data`).toEqual(current)
            } else {
              current = await t.snapshot()
            }
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      )
    },
    60_000,
  )
})

describe('HH:MM and date edges are refused with the field named, and change nothing', () => {
  it('every invalid time in every day field of a draft save', async () => {
    const [key, route] = manifest.find(([k]) => k === 'timesheets/update-draft')!
    figures.route(key)
    const sheet = await t.freshDraft({ mondayStart: '09:00', mondayEnd: '17:00', mondayActivity: 'Kept' })
    const invalid = TIME_EDGES.filter((s) => s.trim() !== '09:00')
    const before = await t.snapshot()
    for (const field of ['mondayStart', 'mondayEnd', 'sundayStart', 'sundayEnd']) {
      for (const value of invalid) {
        const res = await callRoute(route, {
          cookies: [t.staff.cookie],
          params: { id: String(sheet.id) },
          body: { mondayStart: '09:00', mondayEnd: '17:00', mondayActivity: 'Kept', [field]: value },
        })
        figures.cases()
        expectCleanRefusal(res, `${field}=${JSON.stringify(value)}`)
        expect(res.status).toBe(400)
        const [day, which] = [field.replace(/(Start|End)$/, ''), field.endsWith('Start') ? 'start' : 'end']
        const named = `${day[0]!.toUpperCase()}${day.slice(1)} ${which} time: use a 24-hour time like 09:00`
        expect(res.json.fields?.[field], `${field}=${JSON.stringify(value)}`).toBe(named)
      }
    }
    expect(await t.snapshot()).toEqual(before)
    // A time with spaces around it is the same time, stored without them.
    const padded = await callRoute(route, {
      cookies: [t.staff.cookie],
      params: { id: String(sheet.id) },
      body: { mondayStart: ' 09:00', mondayEnd: '17:00 ' },
    })
    figures.cases()
    expect(padded.json).toMatchObject({ mondayStart: '09:00', mondayEnd: '17:00' })
  })

  it('every invalid week start date on both week saves, and every invalid report period', async () => {
    const tuesday = addDays(thisWeek(), 1)
    const dates = [...DATE_EDGES, tuesday]
    const before = await t.snapshot()
    for (const key of ['timesheets/save-draft', 'timesheets/create-timesheet'] as const) {
      figures.route(key)
      for (const weekStartDate of dates) {
        const res = await callRoute(routes[key], { cookies: [t.staff.cookie], body: { weekStartDate } })
        figures.cases()
        expectCleanRefusal(res, `${key} ${weekStartDate}`)
        expect(res.status).toBe(400)
        expect(res.json.fields?.weekStartDate, `${key} ${weekStartDate}`).toBeTruthy()
      }
    }
    figures.route('reports/get-reports')
    for (const date of DATE_EDGES) {
      for (const query of [
        { start: date, end: thisWeek() },
        { start: thisWeek(), end: date },
      ]) {
        const res = await callRoute(routes['reports/get-reports'], { cookies: [t.cookie], query })
        figures.cases()
        expectCleanRefusal(res, JSON.stringify(query))
        expect(res.status).toBe(400)
      }
    }
    expect(await t.snapshot()).toEqual(before)
  })

  it('unicode, NUL and script text is kept exactly as typed (and only ever shown as text)', async () => {
    const [key, route] = manifest.find(([k]) => k === 'timesheets/update-draft')!
    figures.route(key)
    const sheet = await t.freshDraft()
    const typed = {
      mondayActivity: '\u202Eevil\u202C מרחבא 👩‍👩‍👧‍👦',
      tuesdayActivity: 'a\u0000b',
      notes: `<script>alert(1)</script> ' OR '1'='1 \${7*7}`,
    }
    const res = await callRoute(route, { cookies: [t.staff.cookie], params: { id: String(sheet.id) }, body: typed })
    figures.cases()
    expect(res.status, res.text).toBe(200)
    expect(await t.db.timesheets.get(sheet.id)).toMatchObject(typed)
  })
})

describe('prototype pollution', () => {
  it('no request above changed Object.prototype, Array.prototype or Function.prototype', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore.object)
    expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(prototypeBefore.array)
    expect(Object.getOwnPropertyNames(Function.prototype).sort()).toEqual(prototypeBefore.func)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype.toString.call({})).toBe('[object Object]')
  })
})

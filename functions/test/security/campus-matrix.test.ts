import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { WHOLE_CHURCH_ONLY } from '@app/core'
import { callRoute } from '../support/test-event.ts'
import { addCampuses, newCampusAdmin, newStaffMember } from '../support/test-identity.ts'
import { expectCleanRefusal } from './support/checks.ts'
import { figuresFor } from './support/figures.ts'
import { pathParamsOf, routes, signedIn, withPathParams, type Route, type RouteKey } from './support/manifest.ts'
import { makeTenant, ownerRequest, ownerRequestWith, type Tenant } from './support/world.ts'

/**
 * The access matrix's campus-admin role: a church with North and South, its members at North, and
 * a South-only admin. Every route that names an object (a North member's timesheet, time off, PIN,
 * CSV, the church's tokens, kiosks, webhooks, exports) answers the South admin 404, as another
 * organization's would, or 403 for what only a whole-church supervisor changes; nothing changes.
 * Every list the South admin reads holds no North member.
 */
const figures = figuresFor(import.meta.filename)
let a: Tenant
let southAdmin: Awaited<ReturnType<typeof newStaffMember>>

beforeAll(async () => {
  a = await makeTenant(`Campus${randomUUID().slice(0, 6)} Church`, { spare: true, unlimited: true })
  const [north, south] = (await addCampuses(a.cookie, ['North', 'South'])) as [string, string]
  a.campus.id = north
  for (const member of [a.supervisor, a.staff.user, a.spare!.user]) {
    const moved = await callRoute(routes['members/update-member'], {
      cookies: [a.cookie],
      params: { id: member.id },
      body: { campusId: north },
    })
    expect(moved.status, moved.text).toBe(200)
  }
  southAdmin = await newCampusAdmin(a.cookie, south)
}, 90_000)

const label = ([key, r]: [RouteKey, Route]) => `${r.method} ${r.path} (${key})`

describe("a South-only admin reaches nothing of North's: 404, or 403 for the whole church's own", () => {
  const named = withPathParams.filter(([, r]) => r.auth !== 'public' && !r.kioskOnly)

  it.each(named.map((e) => [label(e), e] as const))('%s', async (_, entry) => {
    const [key] = entry
    const res = await ownerRequestWith(figures, entry, a, southAdmin.cookie)
    expectCleanRefusal(res, key)
    if (res.status === 403) expect(res.json).toEqual({ message: WHOLE_CHURCH_ONLY, key: 'wholeChurchOnly' })
    else {
      expect(res.status, res.text).toBe(404)
      expect(res.json.message).toMatch(
        /^(Timesheet|Member|API token|Export|Webhook|Kiosk|Time off request|Phone) not found$/,
      )
    }
  })
})

describe("a South-only admin is refused all the whole church's own: 403, and nothing changes", () => {
  const wholeChurchOnly = signedIn.filter(([, r]) => r.wholeChurch)

  it('covers the campuses, billing, approvals, integrations, webhooks and the export', () => {
    const paths = wholeChurchOnly.map(([, r]) => r.path)
    for (const path of [
      '/api/organization/campuses',
      '/api/create-subscription',
      '/api/organization/approvals',
      '/api/integrations/quickbooks/matching',
      '/api/webhooks',
      '/api/organization/export',
    ])
      expect(paths).toContain(path)
  })

  it.each(wholeChurchOnly.map((e) => [label(e), e] as const))('%s', async (_, entry) => {
    const res = await ownerRequestWith(figures, entry, a, southAdmin.cookie)
    expect(res.status, res.text).toBe(403)
    expect(res.json).toEqual({ message: WHOLE_CHURCH_ONLY, key: 'wholeChurchOnly' })
  })
})

describe('every list a South-only admin reads holds no North member', () => {
  const lists = signedIn.filter(([, r]) => r.method === 'GET' && pathParamsOf(r).length === 0 && !r.kioskOnly)

  beforeAll(async () => {
    await Promise.all([a.freshApproved(), a.freshPending(), a.freshDraft(), a.freshTimeOff()])
  })

  it.each(lists.map((e) => [label(e), e] as const))('%s', async (_, [key, route]) => {
    figures.route(key)
    const request = await ownerRequest(key, route, a)
    const res = await callRoute(route, { ...request, cookies: [southAdmin.cookie] })
    figures.cases()
    let text = res.text
    if (res.status === 302 && String(res.headers.location).startsWith('http')) {
      text += await (await fetch(res.headers.location as string)).text()
    }
    for (const north of [a.staff.user.id, a.spare!.user.id])
      expect(text, `${key} shows the North member ${north}`).not.toContain(north)
  })
})

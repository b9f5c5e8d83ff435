import { describe, expect, it, vi } from 'vitest'
import { commandsDuring, keys, table } from '@app/data/testing'
import { callRoute, sessionOf } from '../../test/support/test-event.ts'
import { newOrganization } from '../../test/support/test-identity.ts'
import getUser from '../auth/get-user.ts'
import listTimesheets from '../timesheets/list-timesheets.ts'
import getCurrentWeek from '../timesheets/get-current-week.ts'
import addMember from '../members/add-member.ts'
import updateDraft from '../timesheets/update-draft.ts'
import listAudit from '../audit/list-audit.ts'
import openDemo from './open-demo.ts'

const open = async (role: string) => {
  const res = await callRoute(openDemo, { query: { role } })
  expect(res.status).toBe(302)
  expect(res.headers.location).toBe('/')
  return sessionOf(res.cookies)
}

describe('the read-only demo', () => {
  it('opens the demo organization as its supervisor, with sample timesheets in every state', async () => {
    const cookie = await open('supervisor')
    const me = await callRoute(getUser, { cookies: [cookie] })
    expect(me.json.role).toBe('supervisor')
    const list = await callRoute(listTimesheets, { cookies: [cookie], query: { limit: '100' } })
    const statuses = new Set(list.json.items.map((t: { status: string }) => t.status))
    expect(statuses).toContain('approved')
    expect(statuses).toContain('pending')
  })

  it('has an Activity page with the history of its data, none of it, nor any timesheet, after now', async () => {
    const cookie = await open('supervisor')
    const audit = await callRoute(listAudit, { cookies: [cookie], query: { limit: '100' } })
    expect(audit.status).toBe(200)
    const actions = new Set(audit.json.items.map((e: { action: string }) => e.action))
    expect(actions).toContain('timesheet.submitted')
    expect(actions).toContain('timesheet.approved')
    const now = Date.now()
    for (const e of audit.json.items as { at: string }[]) expect(Date.parse(e.at)).toBeLessThanOrEqual(now)
    const list = await callRoute(listTimesheets, { cookies: [cookie], query: { limit: '100' } })
    for (const t of list.json.items as { submittedAt: string | null; updatedAt: string }[]) {
      if (t.submittedAt) expect(Date.parse(t.submittedAt)).toBeLessThanOrEqual(now)
      expect(Date.parse(t.updatedAt)).toBeLessThanOrEqual(now)
    }
  })

  it('refuses every write with a friendly message, as supervisor or staff', async () => {
    const supervisor = await open('supervisor')
    const add = await callRoute(addMember, {
      cookies: [supervisor],
      body: { email: 'x@y.org', firstName: 'A', lastName: 'B', department: 'C' },
    })
    expect(add.status).toBe(403)
    expect(add.json.message).toContain('read-only demo')
    const staff = await open('employee')
    expect((await callRoute(getUser, { cookies: [staff] })).json.role).toBe('employee')
    const week = await callRoute(getCurrentWeek, { cookies: [staff] })
    expect(week.status).toBe(200)
    const save = await callRoute(updateDraft, {
      cookies: [staff],
      params: { id: String(week.json.id) },
      body: { mondayStart: '09:00' },
    })
    expect(save.status).toBe(403)
  })

  it('once the demo exists, signs the visitor in without making the sample again', async () => {
    await open('supervisor')
    // The sample reads the wall clock in the church's zone hundreds of times (its shifts, its
    // submissions), which cost a cold start tens of milliseconds; the sign-in needs only ids.
    const wallClocks = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts')
    const cookies = []
    try {
      for (const role of ['supervisor', 'employee']) cookies.push(await open(role))
      expect(wallClocks).not.toHaveBeenCalled()
    } finally {
      wallClocks.mockRestore()
    }
    const roles = await Promise.all(cookies.map((c) => callRoute(getUser, { cookies: [c] })))
    expect(roles.map((r) => r.json.role)).toEqual(['supervisor', 'employee'])
  })

  it('refuses an unknown role', async () => {
    expect((await callRoute(openDemo, { query: { role: 'owner' } })).status).toBe(400)
  })
})

describe('the demo never replaces a real session from another site, and never writes', () => {
  it("another site's navigation to /api/demo gets a page that asks; the real session stays", async () => {
    const { cookie } = await newOrganization()
    for (const site of ['cross-site', undefined]) {
      const res = await callRoute(openDemo, {
        cookies: [cookie],
        query: { role: 'employee' },
        headers: site ? { 'sec-fetch-site': site } : {},
      })
      expect(res.status).toBe(200)
      expect(res.text).toContain('<h1>Open the demo?</h1>')
      expect(res.cookies).toEqual([])
      expect((await callRoute(getUser, { cookies: [cookie] })).json.role).toBe('supervisor')
    }
    const own = await callRoute(openDemo, {
      cookies: [cookie],
      query: { role: 'employee' },
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    expect(own.status).toBe(302)
    expect((await callRoute(getUser, { cookies: [cookie] })).status).toBe(401)
  })

  it('opens the demo, ending the session it replaces, in one round trip once the demo exists', async () => {
    await open('supervisor')
    const { cookie } = await newOrganization()
    let res: Awaited<ReturnType<typeof callRoute>> | undefined
    const sent = await commandsDuring(async () => {
      res = await callRoute(openDemo, {
        cookies: [cookie],
        query: { role: 'employee' },
        headers: { 'sec-fetch-site': 'same-origin' },
      })
    })
    expect(res!.status).toBe(302)
    // The previous session's own read is the session middleware's; then one round for the demo.
    const afterSession = sent.filter((c) => c.round > 1)
    expect(afterSession.map((c) => c.round)).toEqual([2, 2, 2])
    expect((await callRoute(getUser, { cookies: [cookie] })).status).toBe(401)
    expect((await callRoute(getUser, { cookies: [sessionOf(res!.cookies)] })).json.role).toBe('employee')
  })

  it('GET /api/timesheets/current-week creates nothing for the demo session', async () => {
    const supervisor = await open('supervisor')
    const me = await callRoute(getUser, { cookies: [supervisor] })
    const before = await table.queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.orgPk(me.json.organizationId) },
    })
    const week = await callRoute(getCurrentWeek, { cookies: [supervisor] })
    expect(week.status).toBe(200)
    expect(week.json).toMatchObject({ status: 'draft', employeeId: me.json.id })
    const after = await table.queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.orgPk(me.json.organizationId) },
    })
    expect(after.length).toBe(before.length)
  })
})

import { describe, expect, it } from 'vitest'
import { callRoute } from '../../test/support/test-event.ts'
import getUser from '../auth/get-user.ts'
import listTimesheets from '../timesheets/list-timesheets.ts'
import getCurrentWeek from '../timesheets/get-current-week.ts'
import addMember from '../members/add-member.ts'
import updateDraft from '../timesheets/update-draft.ts'
import openDemo from './open-demo.ts'

const open = async (role: string) => {
  const res = await callRoute(openDemo, { query: { role } })
  expect(res.status).toBe(302)
  expect(res.headers.location).toBe('/')
  return res.cookies.find((c) => c.startsWith('sid='))!.split(';')[0]!
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

  it('refuses an unknown role', async () => {
    expect((await callRoute(openDemo, { query: { role: 'owner' } })).status).toBe(400)
  })
})

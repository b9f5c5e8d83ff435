import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, currentWeekStart } from '@app/core'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember, northAndSouthChurch } from '../../test/support/test-identity.ts'
import getUser from '../auth/get-user.ts'
import setAway from '../profile/set-away.ts'
import getApprovals from './get-approvals.ts'

/**
 * A campus admin's member list holds their campuses' members only, so the whole church's
 * supervisors (who belong to a campus of their own) are missing from it; GET
 * /api/organization/approvals names the supervisors the admin may choose as an approver or a
 * delegate, and no one else.
 */
describe('GET /api/organization/approvals: the supervisors a campus admin may choose', () => {
  let church: Awaited<ReturnType<typeof northAndSouthChurch>>
  let wendy: Awaited<ReturnType<typeof newStaffMember>>
  let nick: Awaited<ReturnType<typeof newStaffMember>>
  let both: Awaited<ReturnType<typeof newStaffMember>>

  beforeAll(async () => {
    church = await northAndSouthChurch()
    const { org, north, south } = church
    const supervisor = (firstName: string, lastName: string, campusIds?: string[]) =>
      newStaffMember(org.cookie, 'supervisor', {
        person: { firstName, lastName, campusId: north, ...(campusIds ? { campusIds } : {}) },
      })
    wendy = await supervisor('Wendy', 'Whole')
    nick = await supervisor('Nick', 'North', [north])
    both = await supervisor('Bea', 'Both', [north, south])
  }, 90_000)

  it('names every supervisor who reaches one of their campuses, with their campuses: none of North alone, no staff', async () => {
    const { org, southAdmin, nora, sara, north, south } = church
    const res = await callRoute(getApprovals, { cookies: [southAdmin.cookie] })
    expect(res.status, res.text).toBe(200)
    const supervisors = res.json.supervisors as { id: string }[]
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
    expect([...supervisors].sort(byId)).toEqual(
      [
        { id: org.supervisor.id, firstName: org.supervisor.firstName, lastName: org.supervisor.lastName },
        { id: wendy.user.id, firstName: 'Wendy', lastName: 'Whole' },
        { id: both.user.id, firstName: 'Bea', lastName: 'Both', campusIds: [north, south] },
        { id: southAdmin.user.id, firstName: 'Sol', lastName: 'South', campusIds: [south] },
      ].sort(byId),
    )
    for (const id of [nick.user.id, nora.user.id, sara.user.id]) expect(res.text).not.toContain(id)
    expect(res.json).toMatchObject({ twoStep: false, finalApproverIds: [] })
  })

  it('lets them name the whole-church supervisor they were offered as their delegate', async () => {
    const { southAdmin } = church
    const from = addDays(currentWeekStart('America/Chicago', 'monday'), 7)
    const away = { from, to: addDays(from, 2), delegateId: wendy.user.id }
    const set = await callRoute(setAway, { cookies: [southAdmin.cookie], body: away })
    expect(set.status, set.text).toBe(200)
    const me = await callRoute(getUser, { cookies: [southAdmin.cookie] })
    expect(me.json.away).toEqual(away)
  })

  it('answers a whole-church supervisor, and a church without campuses, the settings alone, as before', async () => {
    const whole = await callRoute(getApprovals, { cookies: [church.org.cookie] })
    expect(whole.status, whole.text).toBe(200)
    expect(whole.json).toEqual({ twoStep: false, finalApproverIds: [] })
    const plain = await newOrganization()
    const answer = await callRoute(getApprovals, { cookies: [plain.cookie] })
    expect(answer.json).toEqual({ twoStep: false, finalApproverIds: [] })
  })
})

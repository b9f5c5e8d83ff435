import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditPage, PlanningCenterRunView, PlanningCenterView } from '@app/core'
import { orgDb, organizationOfPlanningCenter } from '@app/data'
import * as double from '../../../test/vendors/planning-center-double.ts'
import { callRoute } from '../../test/support/test-event.ts'
import connectIntegration from './connect-integration.ts'
import integrationCallback from './integration-callback.ts'
import { addCampuses, newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { pendingSheetOf } from '../../test/support/test-timesheets.ts'
import listAudit from '../audit/list-audit.ts'
import { planningCenterSyncJob } from '../jobs/planning-center-sync.ts'
import listMembers from '../members/list-members.ts'
import updateStatus from '../timesheets/update-status.ts'
import disconnectIntegration from './disconnect-integration.ts'
import getPlanningCenter from './get-planning-center.ts'
import planningCenterToken from './planning-center-token.ts'
import planningCenterWebhook from './planning-center-webhook.ts'
import syncPlanningCenter from './sync-planning-center.ts'
import updatePlanningCenter from './update-planning-center.ts'

/**
 * Planning Center People kept in step, through the routes against the double of its People API
 * (PLANNING_CENTER_BASE_URL): a list of three people synced, a signed person.updated renaming one,
 * a forged or missing signature refused with 401 and nothing changed, and a person taken off the
 * list deactivated by the nightly reconciliation with their approved week intact.
 */
const SECRET = 'f3a9c1d2e4b5a6978877665544332211'
let pco: double.PlanningCenterDouble
let org: Awaited<ReturnType<typeof newOrganization>>
let existing: Awaited<ReturnType<typeof newStaffMember>>
let existingEmail: string
let staff: Awaited<ReturnType<typeof newStaffMember>>

type Member = {
  id: string
  email: string
  firstName: string
  lastName: string
  role: string
  payType: string
  campusId?: string
  department: string
}
const members = async () => (await callRoute(listMembers, { cookies: [org.cookie] })).json as Member[]
const byEmail = async (email: string) => (await members()).find((m) => m.email === email)
const webhook = (body: string, signature?: string) =>
  callRoute(planningCenterWebhook, {
    body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-pco-webhooks-authenticity': signature } : {}) },
  })

beforeAll(async () => {
  org = await newOrganization()
  existing = await newStaffMember(org.cookie, 'employee', { person: { firstName: 'Ana', lastName: 'Silva' } })
  existingEmail = (await members()).find((m) => m.id === existing.user.id)!.email
  staff = await newStaffMember(org.cookie, 'employee', { person: { firstName: 'Sol', lastName: 'Paz' } })
  pco = await double.startPlanningCenterDouble({
    campuses: [{ id: '77', name: 'North Campus' }],
    lists: [
      { id: '501', name: 'Church Staff', people: ['9001', '9002'] },
      { id: '502', name: 'Volunteers', people: ['9003'] },
    ],
    people: [
      double.doublePerson('9001', 'Marta', 'Quispe', `marta.${org.organization.id.slice(0, 6)}@grace.example`, '77'),
      // Already a member here (by email): linked, her pay settings kept.
      double.doublePerson('9002', 'Ana', 'Silva-Rojas', existingEmail, '77'),
      double.doublePerson('9003', 'Teo', 'Vargas', `teo.${org.organization.id.slice(0, 6)}@grace.example`, '77'),
    ],
    pageSize: 1,
  })
  process.env.PLANNING_CENTER_BASE_URL = pco.base
})
afterAll(async () => {
  delete process.env.PLANNING_CENTER_BASE_URL
  await pco.stop()
})

describe('Planning Center People', () => {
  it('connects with a personal access token (a refused one stores nothing) and offers its lists', async () => {
    const refused = await callRoute(planningCenterToken, {
      cookies: [org.cookie],
      body: { applicationId: 'nope', secret: 'wrong' },
    })
    expect(refused.status).toBe(400)
    expect(refused.json).toMatchObject({
      message: 'Planning Center refused this application id and secret',
      key: 'planningCenterTokenRefused',
    })
    expect(await orgDb(org.organization.id).integrations.open('planning-center')).toBeUndefined()
    const res = await callRoute(planningCenterToken, { cookies: [org.cookie], body: double.PAT })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toMatchObject({ id: 'planning-center', connected: true, account: double.PCO_ORGANIZATION })
    // Sealed like OAuth tokens: the secret is not stored in clear.
    const stored = await orgDb(org.organization.id).integrations.get('planning-center')
    expect(JSON.stringify(stored)).not.toContain(double.PAT.secret)
    const view = await callRoute(getPlanningCenter, { cookies: [org.cookie] })
    expect(view.status, view.text).toBe(200)
    expect(PlanningCenterView.parse(view.json)).toMatchObject({
      connected: true,
      accountId: double.PCO_ORGANIZATION,
      lists: [
        { id: '501', name: 'Church Staff' },
        { id: '502', name: 'Volunteers' },
      ],
      lastRun: null,
    })
  })

  it('refuses a sync before a list is chosen, and bad settings with 400', async () => {
    const early = await callRoute(syncPlanningCenter, { cookies: [org.cookie] })
    expect(early.status).toBe(409)
    const bad = await callRoute(updatePlanningCenter, {
      cookies: [org.cookie],
      body: { staffListId: '501', volunteersListId: '501', staffDepartment: 'Staff', volunteersDepartment: '' },
    })
    expect(bad.status).toBe(400)
    expect(await orgDb(org.organization.id).planningCenter.settings()).toMatchObject({ staffListId: null })
  })

  it('syncs a list of three people: two new members and one linked by email, pay settings kept; again, nothing changes', async () => {
    const [north] = await addCampuses(org.cookie, ['North Campus', 'South'])
    const saved = await callRoute(updatePlanningCenter, {
      cookies: [org.cookie],
      body: {
        staffListId: '501',
        volunteersListId: '502',
        staffDepartment: 'Staff',
        volunteersDepartment: 'Volunteers',
        webhookSecrets: [SECRET],
      },
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject({ webhookSecrets: 1, staffListId: '501' })
    expect(JSON.stringify(await orgDb(org.organization.id).planningCenter.settings())).not.toContain(SECRET)
    const before = (await byEmail(existingEmail))!
    const res = await callRoute(syncPlanningCenter, { cookies: [org.cookie] })
    expect(res.status, res.text).toBe(200)
    const run = PlanningCenterRunView.parse(res.json)
    expect(run).toMatchObject({
      status: 'done',
      trigger: 'manual',
      counts: { new: 2, updated: 1, unchanged: 0, refused: 0, deactivated: 0 },
    })
    expect(run.changes.find((c) => c.status === 'updated')).toEqual({
      memberId: existing.user.id,
      name: 'Ana Silva-Rojas',
      status: 'updated',
      conflicts: expect.arrayContaining([
        { field: 'lastName', ours: 'Silva', theirs: 'Silva-Rojas', won: 'planning-center' },
      ]) as unknown,
    })
    const all = await members()
    const marta = all.find((m) => m.firstName === 'Marta')!
    const teo = all.find((m) => m.firstName === 'Teo')!
    expect(marta).toMatchObject({ role: 'employee', department: 'Staff', campusId: north })
    expect(teo).toMatchObject({ role: 'volunteer', department: 'Volunteers', campusId: north })
    const ana = (await byEmail(existingEmail))!
    expect(ana).toMatchObject({
      lastName: 'Silva-Rojas',
      role: before.role,
      payType: before.payType,
      department: before.department,
    })
    // Every request within Planning Center's documented parameters, pages followed one by one.
    expect(pco.contractProblems).toEqual([])
    expect(pco.apiRequests.filter((r) => r.path === '/people/v2/lists/501/people').length).toBeGreaterThanOrEqual(2)
    const again = PlanningCenterRunView.parse((await callRoute(syncPlanningCenter, { cookies: [org.cookie] })).json)
    expect(again.counts).toEqual({ new: 0, updated: 0, unchanged: 3, refused: 0, deactivated: 0 })
    expect((await members()).length).toBe(all.length)
  })

  it('renames a member from a signed person.updated webhook; a forged or missing signature is refused with 401 and changes nothing', async () => {
    pco.data.people.find((p) => p.id === '9001')!.first_name = 'Martha'
    const forged = pco.delivery('people.v2.events.person.updated', '9001', 'not-the-secret-at-all')
    expect((await webhook(forged.body, forged.signature)).status).toBe(401)
    const signed = pco.delivery('people.v2.events.person.updated', '9001', SECRET)
    expect((await webhook(signed.body)).status).toBe(401)
    expect((await webhook(`${signed.body} `, signed.signature)).status).toBe(401)
    const otherAccount = pco.delivery('people.v2.events.person.updated', '9001', SECRET, '999')
    expect((await webhook(otherAccount.body, otherAccount.signature)).status).toBe(401)
    expect((await members()).some((m) => m.firstName === 'Martha')).toBe(false)
    const res = await webhook(signed.body, signed.signature)
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual({ received: true, applied: 1 })
    expect((await members()).find((m) => m.firstName === 'Martha')).toMatchObject({ lastName: 'Quispe' })
    const view = PlanningCenterView.parse((await callRoute(getPlanningCenter, { cookies: [org.cookie] })).json)
    expect(view.lastRun).toMatchObject({
      trigger: 'webhook',
      status: 'done',
      changes: [
        {
          name: 'Martha Quispe',
          status: 'updated',
          conflicts: [{ field: 'firstName', ours: 'Marta', theirs: 'Martha', won: 'planning-center' }],
        },
      ],
    })
  })

  it('deactivates a person taken off the list (nightly reconciliation), with their approved week intact', async () => {
    const teo = (await members()).find((m) => m.firstName === 'Teo')!
    const db = orgDb(org.organization.id)
    const sheet = await pendingSheetOf(org.organization.id, teo, 2)
    const approved = await callRoute(updateStatus, {
      cookies: [org.cookie],
      params: { id: String(sheet.id) },
      body: { status: 'approved' },
    })
    expect(approved.status, approved.text).toBe(200)
    pco.data.lists.find((l) => l.id === '502')!.people = []
    const result = await planningCenterSyncJob([org.organization.id])
    expect(result).toEqual({ organizations: 1, synced: 1, failed: 0, closed: 0 })
    expect((await members()).some((m) => m.id === teo.id)).toBe(false)
    // Not deleted: the member's item and their approved week stay for the records.
    expect(await db.users.findForRecords(teo.id)).toMatchObject({ firstName: 'Teo' })
    expect(await db.timesheets.get(sheet.id)).toMatchObject({ status: 'approved', employeeId: teo.id })
    const run = (await db.planningCenter.lastRun())!
    expect(run).toMatchObject({ trigger: 'nightly', counts: { deactivated: 1, unchanged: 2 } })
    expect(run.changes).toEqual([{ memberId: teo.id, name: 'Teo Vargas', status: 'deactivated', conflicts: [] }])
    // Every run is in the audit trail, and the deactivation too.
    const audit = AuditPage.parse((await callRoute(listAudit, { cookies: [org.cookie] })).json)
    const actions = audit.items.map((r) => r.action)
    expect(actions.filter((a) => a === 'integration.synced').length).toBeGreaterThanOrEqual(4)
    expect(actions).toContain('member.deactivated')
    // Nothing more on the next run.
    await planningCenterSyncJob([org.organization.id])
    expect((await db.planningCenter.lastRun())!.counts).toEqual({
      new: 0,
      updated: 0,
      unchanged: 2,
      refused: 0,
      deactivated: 0,
    })
  })

  it('is for supervisors only, and disconnects without an OAuth app (a personal token has no grant to revoke)', async () => {
    expect((await callRoute(syncPlanningCenter, { cookies: [staff.cookie] })).status).toBe(403)
    expect((await callRoute(getPlanningCenter, { cookies: [staff.cookie] })).status).toBe(403)
    // A campus admin neither reads (the last run names every campus's members) nor changes it.
    const south = (await orgDb(org.organization.id).campuses.list()).find((c) => c.name === 'South')!.id
    const admin = await newStaffMember(org.cookie, 'supervisor', {
      person: { firstName: 'Sol', lastName: 'Sur', campusId: south, campusIds: [south] },
    })
    expect((await callRoute(getPlanningCenter, { cookies: [admin.cookie] })).status).toBe(403)
    expect((await callRoute(syncPlanningCenter, { cookies: [admin.cookie] })).status).toBe(403)
    const res = await callRoute(disconnectIntegration, { cookies: [org.cookie], params: { id: 'planning-center' } })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toMatchObject({ connected: false })
    expect((await callRoute(syncPlanningCenter, { cookies: [org.cookie] })).status).toBe(409)
  })

  it('connects by OAuth (the configured app, scope people) and syncs with the access token, taking over the account given up', async () => {
    Object.assign(process.env, { PLANNING_CENTER_CLIENT_ID: 'pco-client', PLANNING_CENTER_CLIENT_SECRET: 'pco-secret' })
    try {
      const other = await newOrganization('Hope Church')
      const started = await callRoute(connectIntegration, {
        cookies: [other.cookie],
        params: { id: 'planning-center' },
      })
      expect(started.status, started.text).toBe(200)
      const consent = new URL((started.json as { authorizationUrl: string }).authorizationUrl)
      expect(consent.searchParams.get('scope')).toBe('people')
      const back = await pco.consent(consent.toString())
      const done = await callRoute(integrationCallback, {
        cookies: [other.cookie],
        params: { id: 'planning-center' },
        query: Object.fromEntries(back.searchParams),
      })
      expect(String(done.headers.location)).toContain('connected=1')
      const saved = await callRoute(updatePlanningCenter, {
        cookies: [other.cookie],
        body: {
          staffListId: '501',
          volunteersListId: null,
          staffDepartment: 'Office',
          volunteersDepartment: 'Volunteers',
        },
      })
      expect(saved.status, saved.text).toBe(200)
      const res = await callRoute(syncPlanningCenter, { cookies: [other.cookie] })
      expect(res.status, res.text).toBe(200)
      expect(PlanningCenterRunView.parse(res.json).counts).toMatchObject({ new: 2 })
      const last = pco.apiRequests.at(-1)!
      expect(last.headers.authorization).toMatch(/^Bearer at-/)
      expect(await orgDb(other.organization.id).planningCenter.settings()).toMatchObject({
        accountId: double.PCO_ORGANIZATION,
      })
      // Deliveries of that Planning Center organization now find the organization connected to it.
      expect(await organizationOfPlanningCenter(double.PCO_ORGANIZATION)).toBe(other.organization.id)
    } finally {
      delete process.env.PLANNING_CENTER_CLIENT_ID
      delete process.env.PLANNING_CENTER_CLIENT_SECRET
    }
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, currentWeekStart } from '@app/core'
import { callRoute } from '../../test/support/test-event.ts'
import { decidedThroughRoute, submittedThroughRoute } from '../../test/support/test-timesheets.ts'
import { inbox } from '../../test/support/test-inbox.ts'
import { newOrganization, newStaffMember, northAndSouthChurch } from '../../test/support/test-identity.ts'
import addMember from '../members/add-member.ts'
import listMembers from '../members/list-members.ts'
import removeMember from '../members/remove-member.ts'
import resetPassword from '../members/reset-password.ts'
import setMemberPin from '../members/set-member-pin.ts'
import updateMember from '../members/update-member.ts'
import clearAway from '../profile/clear-away.ts'
import setAway from '../profile/set-away.ts'
import createAdjustment from '../time-off/create-adjustment.ts'
import createTimeOff from '../time-off/create-time-off.ts'
import decideTimeOff from '../time-off/decide-time-off.ts'
import getBalances from '../time-off/get-balances.ts'
import listTimeOff from '../time-off/list-time-off.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import downloadCsv from '../timesheets/download-csv.ts'
import getHistory from '../timesheets/get-history.ts'
import listPending from '../timesheets/list-pending.ts'
import listTimesheets from '../timesheets/list-timesheets.ts'
import updateStatus from '../timesheets/update-status.ts'
import createToken from '../tokens/create-token.ts'
import createWebhook from '../webhooks/create-webhook.ts'
import updateApprovals from './update-approvals.ts'
import getCampuses from './get-campuses.ts'
import getSettings from './get-settings.ts'
import uploadLogo from './upload-logo.ts'
import getNotifications from '../notifications/get-notifications.ts'
import updateNotifications from '../notifications/update-notifications.ts'
import updateCampuses from './update-campuses.ts'
import updateSetupGuide from './update-setup-guide.ts'

const thisWeek = () => currentWeekStart('America/Chicago', 'monday')
const put = (cookie: string, campuses: unknown[]) =>
  callRoute(updateCampuses, { cookies: [cookie], body: { campuses } })
const add = (cookie: string, body: Record<string, unknown>) =>
  callRoute(addMember, {
    cookies: [cookie],
    body: {
      email: `${crypto.randomUUID().slice(0, 8)}@grace.example`,
      firstName: 'Ana',
      lastName: 'Silva',
      department: 'Youth',
      ...body,
    },
  })

describe('a church without campuses', () => {
  it('has none, and adds members as it always did', async () => {
    const org = await newOrganization()
    expect((await callRoute(getCampuses, { cookies: [org.cookie] })).json).toEqual({ campuses: [] })
    const added = await add(org.cookie, {})
    expect(added.status, added.text).toBe(200)
    expect(added.json).not.toHaveProperty('campusId')
    const named = await add(org.cookie, { campusId: 'north' })
    expect(named.status).toBe(400)
    expect(named.json.fields).toEqual({ campusId: 'This church has no campuses yet; add them in Settings → Campuses' })
  })
})

describe('Settings → Campuses: GET and PUT /api/organization/campuses', () => {
  it('saves the list (new campuses get ids), requires a campus of every new member, and refuses removing one with members', async () => {
    const org = await newOrganization()
    const saved = await put(org.cookie, [
      { name: 'North', address: '1 North Rd', active: true },
      { name: 'South', address: '', active: true },
    ])
    expect(saved.status, saved.text).toBe(200)
    const [north, south] = saved.json.campuses as { id: string; name: string }[]
    expect(saved.json.campuses).toEqual([
      { id: north!.id, name: 'North', address: '1 North Rd', active: true },
      { id: south!.id, name: 'South', address: '', active: true },
    ])
    expect((await callRoute(getCampuses, { cookies: [org.cookie] })).json).toEqual(saved.json)

    const twice = await put(org.cookie, [
      { name: 'North', address: '', active: true },
      { name: ' north ', address: '', active: true },
    ])
    expect(twice.status).toBe(400)
    expect(twice.json.fields).toEqual({ 'campuses.1.name': 'Each campus name once' })

    const none = await add(org.cookie, {})
    expect(none.status).toBe(400)
    expect(none.json).toMatchObject({
      fields: { campusId: 'Choose the campus this member belongs to' },
      key: 'campusRequired',
    })
    expect((await add(org.cookie, { campusId: 'nowhere' })).json.fields).toEqual({
      campusId: 'Choose a campus that exists and is active',
    })
    const member = await add(org.cookie, { campusId: north!.id })
    expect(member.status, member.text).toBe(200)
    expect(member.json.campusId).toBe(north!.id)
    const listed = (await callRoute(listMembers, { cookies: [org.cookie] })).json as { id: string; campusId?: string }[]
    expect(listed.find((m) => m.id === member.json.id)?.campusId).toBe(north!.id)

    // The supervisor the church had before its campuses started at the first one, North, too.
    expect(listed.find((m) => m.id === org.supervisor.id)?.campusId).toBe(north!.id)
    const removal = await put(org.cookie, [saved.json.campuses[1]])
    expect(removal.status).toBe(409)
    expect(removal.json).toMatchObject({
      message: 'North still has 2 members; move them to another campus first',
      key: 'campusHasMembers',
      params: { name: 'North' },
    })
    expect((await callRoute(getCampuses, { cookies: [org.cookie] })).json).toEqual(saved.json)

    // Moved to South first, North goes.
    const moved = await callRoute(updateMember, {
      cookies: [org.cookie],
      params: { id: member.json.id },
      body: { campusId: south!.id },
    })
    expect(moved.status, moved.text).toBe(200)
    expect(moved.json.campusId).toBe(south!.id)
    const movedToo = await callRoute(updateMember, {
      cookies: [org.cookie],
      params: { id: org.supervisor.id },
      body: { campusId: south!.id },
    })
    expect(movedToo.status, movedToo.text).toBe(200)
    const removed = await put(org.cookie, [saved.json.campuses[1]])
    expect(removed.status, removed.text).toBe(200)
    expect(removed.json.campuses).toEqual([saved.json.campuses[1]])
    // An inactive campus takes no new members.
    await put(org.cookie, [{ ...saved.json.campuses[1], active: false }])
    expect((await add(org.cookie, { campusId: south!.id })).status).toBe(400)
  })
})

describe('a South-only admin', () => {
  type Member = Awaited<ReturnType<typeof newStaffMember>>
  let org: Awaited<ReturnType<typeof newOrganization>>
  let north: string, south: string
  let admin: Member, northStaff: Member, southStaff: Member
  let northSheet: number, southSheet: number

  beforeAll(async () => {
    ;({ org, north, south, southAdmin: admin, nora: northStaff, sara: southStaff } = await northAndSouthChurch())
    const week = { weekStartDate: addDays(thisWeek(), -7), mondayStart: '09:00', mondayEnd: '17:00' }
    northSheet = (await callRoute(createTimesheet, { cookies: [northStaff.cookie], body: week })).json.id
    southSheet = (await callRoute(createTimesheet, { cookies: [southStaff.cookie], body: week })).json.id
  }, 60_000)

  it("lists South's members, timesheets and requests only", async () => {
    const members = (await callRoute(listMembers, { cookies: [admin.cookie] })).json as { id: string }[]
    expect(members.map((m) => m.id).sort()).toEqual([admin.user.id, southStaff.user.id].sort())
    const sheets = (await callRoute(listTimesheets, { cookies: [admin.cookie] })).json.items as { id: number }[]
    expect(sheets.map((s) => s.id)).toEqual([southSheet])
    const pending = (await callRoute(listPending, { cookies: [admin.cookie] })).json as { id: number }[]
    expect(pending.map((s) => s.id)).toEqual([southSheet])
    // The whole-church supervisor sees both.
    const all = (await callRoute(listPending, { cookies: [org.cookie] })).json as { id: number }[]
    expect(all.map((s) => s.id).sort()).toEqual([northSheet, southSheet].sort())
  })

  it("answers 404 to every attempt at a North member's timesheet, time off, PIN or record, and changes nothing", async () => {
    const id = { id: northStaff.user.id }
    const sheet = { id: String(northSheet) }
    const attempts = [
      callRoute(getHistory, { cookies: [admin.cookie], params: sheet }),
      callRoute(downloadCsv, { cookies: [admin.cookie], params: sheet }),
      callRoute(updateStatus, { cookies: [admin.cookie], params: sheet, body: { status: 'approved' } }),
      callRoute(setMemberPin, { cookies: [admin.cookie], params: id, body: { pin: '8052' } }),
      callRoute(updateMember, { cookies: [admin.cookie], params: id, body: { department: 'Moved' } }),
      callRoute(removeMember, { cookies: [admin.cookie], params: id }),
      callRoute(resetPassword, { cookies: [admin.cookie], params: id }),
      callRoute(getBalances, { cookies: [admin.cookie], query: { employeeId: northStaff.user.id } }),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.status, res.text).toBe(404)
      expect(res.json.message).toMatch(/^(Timesheet|Member) not found$/)
    }
    const grant = await callRoute(createAdjustment, {
      cookies: [org.cookie],
      body: { employeeId: northStaff.user.id, kind: 'vacation', hours: 16, reason: 'Start' },
    })
    expect(grant.status, grant.text).toBe(200)
    const byAdmin = await callRoute(createAdjustment, {
      cookies: [admin.cookie],
      body: { employeeId: northStaff.user.id, kind: 'vacation', hours: 16, reason: 'More' },
    })
    expect(byAdmin.status).toBe(404)
    const request = await callRoute(createTimeOff, {
      cookies: [northStaff.cookie],
      body: { kind: 'vacation', from: addDays(thisWeek(), 21), to: addDays(thisWeek(), 21) },
    })
    expect(request.status, request.text).toBe(200)
    const decided = await callRoute(decideTimeOff, {
      cookies: [admin.cookie],
      params: { id: request.json.id },
      body: { status: 'approved' },
    })
    expect(decided.status, decided.text).toBe(404)
    expect(decided.json.message).toBe('Time off request not found')
    const listed = (await callRoute(listTimeOff, { cookies: [admin.cookie] })).json.items as { id: string }[]
    expect(listed.map((r) => r.id)).not.toContain(request.json.id)
    // Nothing changed: the whole-church supervisor still finds the week pending and the member as they were.
    const pending = (await callRoute(listPending, { cookies: [org.cookie] })).json as { id: number }[]
    expect(pending.map((s) => s.id)).toContain(northSheet)
    const members = (await callRoute(listMembers, { cookies: [org.cookie] })).json as {
      id: string
      department: string
    }[]
    expect(members.find((m) => m.id === northStaff.user.id)?.department).toBe('Youth')
  })

  it("decides South's weeks, and adds members to South only", async () => {
    await decidedThroughRoute(admin.cookie, southSheet, 'approved')
    expect((await add(admin.cookie, { campusId: south })).status).toBe(200)
    const elsewhere = await add(admin.cookie, { campusId: north })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.json.fields).toEqual({ campusId: 'Choose one of your own campuses' })
  })

  it("is not asked to review a North member's week, even when that member has no approver", async () => {
    const cleared = await callRoute(updateMember, {
      cookies: [org.cookie],
      params: { id: northStaff.user.id },
      body: { supervisorId: null },
    })
    expect(cleared.status, cleared.text).toBe(200)
    const asked = async () =>
      Promise.all(
        [org.supervisor.email!, admin.user.email!].map(
          async (email) => (await inbox(email)).filter((m) => m.subject.startsWith('Timesheet to review: Nora')).length,
        ),
      )
    const [before, adminBefore] = await asked()
    const week = { weekStartDate: addDays(thisWeek(), -14), mondayStart: '09:00', mondayEnd: '17:00' }
    const submitted = await submittedThroughRoute(northStaff.cookie, week)
    expect(submitted.status, submitted.text).toBe(200)
    expect(await asked()).toEqual([before! + 1, adminBefore])
  })

  it('is neither the approver of a North member, nor the delegate of a whole-church supervisor, nor a final approver', async () => {
    const approver = await callRoute(updateMember, {
      cookies: [org.cookie],
      params: { id: northStaff.user.id },
      body: { supervisorId: admin.user.id },
    })
    expect(approver.status).toBe(400)
    expect(approver.json.fields).toEqual({ supervisorId: "Choose an approver who reaches this member's campus" })
    const added = await add(org.cookie, { campusId: north, supervisorId: admin.user.id })
    expect(added.status).toBe(400)
    // Moving South's member to North would leave them with an approver who cannot open their weeks.
    expect(
      (
        await callRoute(updateMember, {
          cookies: [org.cookie],
          params: { id: southStaff.user.id },
          body: { supervisorId: admin.user.id },
        })
      ).status,
    ).toBe(200)
    const moved = await callRoute(updateMember, {
      cookies: [org.cookie],
      params: { id: southStaff.user.id },
      body: { campusId: north },
    })
    expect(moved.status).toBe(400)
    expect(moved.json.fields).toEqual({ supervisorId: "Choose an approver who reaches this member's campus" })

    const from = addDays(thisWeek(), 7)
    const away = { from, to: addDays(from, 4), delegateId: admin.user.id }
    const delegate = await callRoute(setAway, { cookies: [org.cookie], body: away })
    expect(delegate.status).toBe(400)
    expect(delegate.json.fields).toEqual({ delegateId: 'Choose a supervisor who reaches every campus you do' })
    const finals = await callRoute(updateApprovals, {
      cookies: [org.cookie],
      body: { twoStep: true, finalApproverIds: [org.supervisor.id, admin.user.id] },
    })
    expect(finals.status).toBe(400)
    expect(finals.json.fields).toEqual({ finalApproverIds: 'Final approvers must be supervisors of the whole church' })
    // The other way round is fine: the whole church reaches South.
    const back = await callRoute(setAway, { cookies: [admin.cookie], body: { ...away, delegateId: org.supervisor.id } })
    expect(back.status, back.text).toBe(200)
    expect(
      (await callRoute(listMembers, { cookies: [org.cookie] })).json.find(
        (m: { id: string }) => m.id === org.supervisor.id,
      ).away,
    ).toBeNull()
  })

  it("keeps a supervisor's reach over what they are asked about when their campuses narrow", async () => {
    const pat = await newStaffMember(org.cookie, 'supervisor', { person: { firstName: 'Pat', campusId: north } })
    const narrow = (campusIds: string[]) =>
      callRoute(updateMember, { cookies: [org.cookie], params: { id: pat.user.id }, body: { campusIds } })
    const refusedWith = async (message: string) => {
      const res = await narrow([south])
      expect([res.status, res.json.fields]).toEqual([400, { campusIds: message }])
    }
    // Pat approves Nora, at North.
    const approver = { cookies: [org.cookie], params: { id: northStaff.user.id } }
    expect((await callRoute(updateMember, { ...approver, body: { supervisorId: pat.user.id } })).status).toBe(200)
    await refusedWith('This supervisor approves members outside these campuses: give them another approver first')
    expect((await callRoute(updateMember, { ...approver, body: { supervisorId: null } })).status).toBe(200)
    // Pat stands in for the whole-church supervisor next week.
    const from = addDays(thisWeek(), 7)
    const away = { from, to: addDays(from, 2), delegateId: pat.user.id }
    expect((await callRoute(setAway, { cookies: [org.cookie], body: away })).status).toBe(200)
    await refusedWith('This supervisor stands in for a supervisor beyond these campuses')
    expect((await callRoute(clearAway, { cookies: [org.cookie] })).status).toBe(200)
    // Pat is a final approver.
    const twoStep = { twoStep: true, finalApproverIds: [pat.user.id] }
    expect((await callRoute(updateApprovals, { cookies: [org.cookie], body: twoStep })).status).toBe(200)
    await refusedWith('This supervisor is a final approver, who must reach the whole church')
    const off = await callRoute(updateApprovals, {
      cookies: [pat.cookie],
      body: { twoStep: false, finalApproverIds: [] },
    })
    expect(off.status, off.text).toBe(200)
    // Nothing left beyond South: Pat runs South.
    const narrowed = await narrow([south])
    expect(narrowed.status, narrowed.text).toBe(200)
    expect(narrowed.json.campusIds).toEqual([south])
  })

  it('changes no campus, approvals, integrations, setup guide nor anyone’s reach: 403', async () => {
    const wholeChurchOnly = { message: 'Only a supervisor of the whole church can do this', key: 'wholeChurchOnly' }
    const refusals = await Promise.all([
      put(admin.cookie, []),
      callRoute(updateApprovals, { cookies: [admin.cookie], body: { twoStep: false, finalApproverIds: [] } }),
      callRoute(createWebhook, {
        cookies: [admin.cookie],
        body: { url: 'https://hooks.example/x', events: ['timesheet.approved'] },
      }),
      add(admin.cookie, { campusId: south, role: 'supervisor' }),
      callRoute(updateMember, {
        cookies: [admin.cookie],
        params: { id: southStaff.user.id },
        body: { campusIds: [] },
      }),
      callRoute(updateSetupGuide, { cookies: [admin.cookie], body: { step: 'timeZone', state: 'done' } }),
    ])
    for (const res of refusals) {
      expect(res.status, res.text).toBe(403)
      expect(res.json).toEqual(wholeChurchOnly)
    }
  })

  it("changes neither the church's logo nor its reminders (403), and still reads them", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    const logo = await callRoute(uploadLogo, {
      cookies: [admin.cookie],
      body: { dataUrl: `data:image/png;base64,${png.toString('base64')}` },
    })
    const reminders = (await callRoute(getNotifications, { cookies: [admin.cookie] })).json
    expect(reminders.remindersEnabled).toBe(true)
    const saved = await callRoute(updateNotifications, {
      cookies: [admin.cookie],
      body: { ...reminders, optedOut: undefined, remindersEnabled: false },
    })
    for (const res of [logo, saved]) {
      expect(res.status, res.text).toBe(403)
      expect(res.json).toEqual({ message: 'Only a supervisor of the whole church can do this', key: 'wholeChurchOnly' })
    }
    expect((await callRoute(getSettings, { cookies: [org.cookie] })).json.logoUrl).toBeNull()
    expect((await callRoute(getNotifications, { cookies: [org.cookie] })).json.remindersEnabled).toBe(true)
  })

  it("makes tokens that reach South's members only, as their maker does", async () => {
    const made = await callRoute(createToken, {
      cookies: [admin.cookie],
      body: { name: 'South sync', scopes: ['members:read', 'timesheets:read'] },
    })
    expect(made.status, made.text).toBe(200)
    const bearer = { headers: { authorization: `Bearer ${made.json.token}` } }
    const members = (await callRoute(listMembers, bearer)).json as { id: string }[]
    expect(members.map((m) => m.id)).not.toContain(northStaff.user.id)
    expect(members.map((m) => m.id)).toContain(southStaff.user.id)
    const history = await callRoute(getHistory, { ...bearer, params: { id: String(northSheet) } })
    expect(history.status).toBe(404)
  })
})

import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { TimesheetDays } from '@app/core'
import { emailLinkOf, systemActor } from './audit.ts'
import { createTestOrganization } from './testing.ts'

const newOrg = async () => {
  const { user, db } = await createTestOrganization({ firstName: 'Ruth', lastName: 'Okafor' })
  const staff = await db.members.add(
    {
      email: `${randomUUID().slice(0, 8)}@example.org`,
      firstName: 'Ana',
      lastName: 'Silva',
      department: 'Youth',
      role: 'employee',
    },
    `ana-${randomUUID().slice(0, 8)}`,
    null,
    user,
  )
  return { db, supervisor: user, staff }
}

const days = (patch: Partial<TimesheetDays>) => TimesheetDays.parse(patch)
const who = (e: { actor: object }) => e.actor

describe('the audit trail in the data layer', () => {
  it("records each change of a timesheet with its actor and its fields' before and after", async () => {
    const { db, supervisor, staff } = await newOrg()
    const sheet = await db.timesheets.getOrCreate(staff, '2026-11-16')
    await db.timesheets.saveDays(sheet.id, staff, days({ mondayStart: '09:00', mondayEnd: '12:00' }))
    const saved = await db.timesheets.saveDays(sheet.id, staff, days({ mondayStart: '08:30', mondayEnd: '12:00' }))
    const pending = await db.timesheets.submit(saved.id, staff)
    await db.timesheets.decide(pending.id, supervisor, 'rejected', 'Monday is wrong')
    const again = await db.timesheets.submit(pending.id, staff, {
      days: days({ mondayStart: '09:00', mondayEnd: '12:00' }),
    })
    await db.timesheets.decide(again.id, emailLinkOf(supervisor), 'approved', '')

    const history = await db.audit.forTimesheet(sheet.id)
    expect(history.map((e) => e.action)).toEqual([
      'timesheet.created',
      'timesheet.saved',
      'timesheet.saved',
      'timesheet.submitted',
      'timesheet.rejected',
      'timesheet.submitted',
      'timesheet.approved',
    ])
    const ana = { userId: staff.id, firstName: 'Ana', lastName: 'Silva' }
    const ruth = { userId: supervisor.id, firstName: 'Ruth', lastName: 'Okafor' }
    expect(history.map(who)).toEqual([ana, ana, ana, ana, ruth, ana, { ...ruth, via: 'emailLink' }])
    expect(history[0]!.changes).toEqual([
      { field: 'weekStartDate', before: null, after: '2026-11-16' },
      { field: 'status', before: null, after: 'draft' },
    ])
    expect(history[2]!.changes).toEqual([{ field: 'mondayStart', before: '09:00', after: '08:30' }])
    expect(history[4]!.changes).toEqual([
      { field: 'status', before: 'pending', after: 'rejected' },
      { field: 'comments', before: null, after: 'Monday is wrong' },
    ])
    // The resubmission saved its days in the same write: the record says so.
    expect(history[5]!.changes).toEqual([
      { field: 'status', before: 'rejected', after: 'pending' },
      { field: 'mondayStart', before: '08:30', after: '09:00' },
    ])
    expect(history.every((e) => e.subject.type === 'timesheet' && e.subject.id === sheet.id)).toBe(true)
    // Oldest first.
    expect(history.map((e) => e.at)).toEqual(history.map((e) => e.at).sort())
  })

  it('a change whose condition fails writes neither the change nor its record', async () => {
    const { db, supervisor, staff } = await newOrg()
    const sheet = await db.timesheets.getOrCreate(staff, '2026-11-23')
    const saved = await db.timesheets.saveDays(sheet.id, staff, days({ notes: 'first' }))
    const records = async () => (await db.audit.forTimesheet(sheet.id)).length
    const before = await records()

    // A submission of the version read before another save: the timesheet's condition fails.
    await db.timesheets.saveDays(sheet.id, staff, days({ notes: 'second' }))
    await expect(db.timesheets.submit(saved, staff)).rejects.toMatchObject({ status: 409 })
    expect(await records()).toBe(before + 1)
    expect((await db.timesheets.get(sheet.id)).status).toBe('draft')

    // A decision whose emailed link was already spent: the timesheet's own condition holds, another
    // item of the same transaction fails, and the record goes with the decision.
    const pending = await db.timesheets.submit(sheet.id, staff)
    const other = await db.timesheets.submit((await db.timesheets.getOrCreate(staff, '2026-11-30')).id, staff)
    const linkId = randomUUID()
    await db.timesheets.decide(other, supervisor, 'approved', '', { spendLink: linkId })
    const submitted = await records()
    await expect(
      db.timesheets.decide(pending, supervisor, 'approved', '', { spendLink: linkId }),
    ).rejects.toMatchObject({
      status: 409,
    })
    expect(await records()).toBe(submitted)
    expect((await db.timesheets.get(sheet.id)).status).toBe('pending')

    // Removing a member by someone who is no longer a supervisor: no removal, no record.
    const volunteer = { id: randomUUID(), firstName: 'Not', lastName: 'Asupervisor' }
    const total = (await db.audit.list({})).items.length
    await expect(db.members.remove(staff.id, volunteer)).rejects.toMatchObject({ status: 409 })
    expect((await db.audit.list({})).items).toHaveLength(total)
    expect(await db.users.find(staff.id)).toBeDefined()
  })

  it("lists the organization's records newest first, by member, action and time, a page at a time", async () => {
    const { db, supervisor, staff } = await newOrg()
    const sheet = await db.timesheets.getOrCreate(staff, '2026-11-16')
    await db.timesheets.saveDays(sheet.id, staff, days({ notes: 'a' }))
    await db.timesheets.saveDays(sheet.id, staff, days({ notes: 'b' }))
    await db.organization.updateSettings({ name: 'Grace Chapel', weekStartDay: 'sunday' }, supervisor)
    await db.organization.updateSettings({ name: 'Grace Chapel' }, supervisor) // nothing changes, nothing recorded
    await db.organization.updateSettings({ logoUrl: 'https://example.org/logo.png' }, supervisor)
    await db.audit.record(systemActor('Stripe'), { action: 'billing.changed', subject: { type: 'organization' } })

    const all = (await db.audit.list({})).items
    expect(all.map((e) => e.action)).toEqual([
      'billing.changed',
      'logo.changed',
      'settings.changed',
      'timesheet.saved',
      'timesheet.saved',
      'timesheet.created',
      'member.added',
    ])
    expect(all[2]!.changes).toEqual([
      { field: 'name', before: "Ruth Okafor's Organization", after: 'Grace Chapel' },
      { field: 'weekStartDay', before: 'monday', after: 'sunday' },
    ])
    expect(all[0]!.actor).toEqual({ system: 'Stripe' })
    expect(all[6]!.subject).toEqual({ type: 'member', id: staff.id, name: 'Ana Silva' })

    const byAna = (await db.audit.list({ actorId: staff.id })).items
    expect(byAna.map((e) => e.action)).toEqual(['timesheet.saved', 'timesheet.saved', 'timesheet.created'])
    const saves = await db.audit.list({ action: 'timesheet.saved', limit: 1 })
    expect(saves.items).toHaveLength(1)
    const next = await db.audit.list({ action: 'timesheet.saved', limit: 1, cursor: saves.cursor! })
    expect(next.items.map((e) => e.changes[0]!.after)).toEqual(['a'])
    expect(saves.items[0]!.changes[0]!.after).toBe('b')
    const last = await db.audit.list({ action: 'timesheet.saved', limit: 1, cursor: next.cursor! })
    expect(last).toEqual({ items: [], cursor: null })

    // A time range: from inclusive, to exclusive.
    const created = all[5]!.at
    expect((await db.audit.list({ to: created })).items.map((e) => e.action)).toEqual(['member.added'])
    expect((await db.audit.list({ from: created, to: all[3]!.at })).items.map((e) => e.action)).toEqual([
      'timesheet.saved',
      'timesheet.created',
    ])

    // Pages of two cover every record once.
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const page = await db.audit.list({ limit: 2, cursor })
      seen.push(...page.items.map((e) => e.id))
      cursor = page.cursor ?? undefined
    } while (cursor)
    expect(seen).toEqual(all.map((e) => e.id))
  })

  it("records billing changes from Stripe as the system's, and a replayed event writes neither", async () => {
    const { db } = await newOrg()
    const event = {
      id: `evt_${randomUUID()}`,
      created: Math.floor(Date.now() / 1000),
      status: 'active' as const,
      plan: 'starter' as const,
      subscriptionId: 'sub_audit',
      currentPeriodEnd: null,
      trialEndsAt: null,
    }
    expect(await db.organization.applyBillingEvent(event)).toBe(true)
    expect(await db.organization.applyBillingEvent(event)).toBe(false)
    const billing = (await db.audit.list({ action: 'billing.changed' })).items
    expect(billing).toHaveLength(1)
    expect(billing[0]).toMatchObject({ actor: { system: 'Stripe' }, subject: { type: 'organization' } })
    expect(billing[0]!.changes).toEqual([
      { field: 'subscriptionStatus', before: 'trial', after: 'active' },
      { field: 'plan', before: 'professional', after: 'starter' },
    ])
    expect((await db.organization.get()).subscriptionStatus).toBe('active')
  })

  it("keeps a removed member's name on their records, and another organization sees none of them", async () => {
    const a = await newOrg()
    const b = await newOrg()
    await a.db.timesheets.getOrCreate(a.staff, '2026-11-16')
    await a.db.members.remove(a.staff.id, a.supervisor)
    const records = (await a.db.audit.list({})).items
    expect(records[0]).toMatchObject({
      action: 'member.removed',
      actor: { userId: a.supervisor.id, firstName: 'Ruth', lastName: 'Okafor' },
      subject: { type: 'member', id: a.staff.id, name: 'Ana Silva' },
    })
    expect(records.find((e) => e.action === 'timesheet.created')!.actor).toMatchObject({ firstName: 'Ana' })

    const page = await a.db.audit.list({ limit: 1 })
    expect((await b.db.audit.list({ actorId: a.staff.id })).items).toEqual([])
    expect((await b.db.audit.list({})).items.every((e) => !records.some((r) => r.id === e.id))).toBe(true)
    // A cursor from organization A does not open organization B's records, nor A's through B.
    await expect(b.db.audit.list({ cursor: page.cursor! })).rejects.toMatchObject({ status: 400 })
  })
})

import { describe, expect, it } from 'vitest'
import { addDays, defaultTimeOffPolicies, todayIn, type User } from '@app/core'
import { orgDb, type QueuedWebhook } from '@app/data'
import { commandsDuring, keysReadBy, type SentCommand } from '@app/data/testing'
import { callRoute } from '../../test/support/test-event.ts'
import { submittedMondayOf } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { inbox } from '../../test/support/test-inbox.ts'
import updateMember from '../members/update-member.ts'
import setAway from '../profile/set-away.ts'
import { decideTimesheet } from '../workflows/decisions.ts'
import bulkApprove from './bulk-approve.ts'

/**
 * A decision's reads before its transaction take at most two rounds of parallel requests, whatever
 * it has to know: a delegate deciding for an away approver, a time-off policy accruing by hours
 * worked (the member's ledger), a webhook subscribed to the event, the final approvers asked after
 * a first approval of two. Counted at the DynamoDB client, so a read added one after another fails.
 */
const ZONE = 'America/Chicago'

/** The highest round of the reads sent before the decision's transaction, and that the transaction was sent. */
const roundsBeforeTransaction = (sent: SentCommand[]) => {
  const at = sent.findIndex((c) => c.name === 'TransactWriteCommand')
  expect(at, sent.map((c) => c.name).join(', ')).toBeGreaterThan(0)
  return Math.max(...sent.slice(0, at).map((c) => c.round))
}

/**
 * An organization where Beth approves Ana's weeks and is away today, Carl standing in for her;
 * vacation accrues by hours worked; a webhook listens to decisions.
 */
const organization = async () => {
  const org = await newOrganization()
  const db = orgDb(org.organization.id)
  const beth = await newStaffMember(org.cookie, 'supervisor', { person: { firstName: 'Beth' } })
  const carl = await newStaffMember(org.cookie, 'supervisor', { person: { firstName: 'Carl' } })
  const ana = await newStaffMember(org.cookie)
  const approver = await callRoute(updateMember, {
    cookies: [org.cookie],
    params: { id: ana.user.id },
    body: { supervisorId: beth.user.id },
  })
  expect(approver.status, approver.text).toBe(200)
  const today = todayIn(ZONE)
  const away = await callRoute(setAway, {
    cookies: [beth.cookie],
    body: { from: today, to: addDays(today, 7), delegateId: carl.user.id },
  })
  expect(away.status, away.text).toBe(200)
  const policies = defaultTimeOffPolicies()
  await db.timeOff.setPolicies(
    {
      policies: policies.policies.map((p) =>
        p.kind === 'vacation' ? { ...p, accrual: { method: 'perHoursWorked' as const, hours: 1, per: 10 } } : p,
      ),
    },
    org.supervisor,
  )
  await db.webhooks.create(
    { url: 'https://hooks.example.org/in', events: ['timesheet.approved', 'timesheet.rejected'] },
    org.supervisor,
  )
  const submit = (ago: number) => submittedMondayOf(ana.cookie, ago, '08:00', '18:00')
  const member = async (id: string) => (await db.users.get(id)) as User
  return { org, db, beth: await member(beth.user.id), carl: await member(carl.user.id), ana, submit }
}

describe('what a decision reads before its transaction', () => {
  it('reads in two rounds when a delegate approves for the away approver, with an accrual and a webhook, and decides as before', async () => {
    const { db, beth, carl, ana, submit } = await organization()
    const id = await submit(1)
    const later: QueuedWebhook[] = []
    let decided: Awaited<ReturnType<typeof decideTimesheet>> | undefined
    const sent = await commandsDuring(async () => {
      decided = await decideTimesheet(db, carl, id, 'approved', 'Thanks', undefined, later)
    })
    expect(roundsBeforeTransaction(sent)).toBeLessThanOrEqual(2)
    expect(decided).toMatchObject({ status: 'approved', approvedBy: carl.id })
    expect(decided!.commentHistory.at(-1)).toMatchObject({ byUserId: carl.id, onBehalfOfId: beth.id })
    // The webhook read beside the rest made its delivery, and the week's ten hours accrued one of vacation.
    expect(later.map((w) => w.event)).toEqual(['timesheet.approved'])
    const ledger = await db.timeOff.ledger(ana.user.id)
    expect(ledger).toEqual([expect.objectContaining({ kind: 'vacation', type: 'accrual', hours: 1 })])
  })

  it('reads in two rounds for a rejection by the supervisor who is not the approver', async () => {
    const { org, db, submit } = await organization()
    const id = await submit(2)
    const later: QueuedWebhook[] = []
    const sent = await commandsDuring(() =>
      decideTimesheet(db, org.supervisor, id, 'rejected', 'Please add Friday', undefined, later),
    )
    expect(roundsBeforeTransaction(sent)).toBeLessThanOrEqual(2)
    expect(later.map((w) => w.event)).toEqual(['timesheet.rejected'])
    expect(await db.timesheets.get(id)).toMatchObject({ status: 'rejected', comments: 'Please add Friday' })
  })

  it('reads in two rounds for a first approval of two, the final approver asked by email', async () => {
    const { org, db, carl, submit } = await organization()
    await db.organization.setApprovals({ twoStep: true, finalApproverIds: [org.supervisor.id] }, org.supervisor)
    const id = await submit(3)
    const sent = await commandsDuring(() => decideTimesheet(db, carl, id, 'approved', ''))
    expect(roundsBeforeTransaction(sent)).toBeLessThanOrEqual(2)
    const sheet = await db.timesheets.get(id)
    expect(sheet).toMatchObject({ status: 'pending', approvals: [{ approverId: carl.id }] })
    // The final approver (asked about none of Ana's weeks before) got the review email with it.
    const reviews = await inbox(org.supervisor.email!)
    expect(reviews.filter((m) => m.subject.startsWith('Timesheet to review: Ana Silva'))).toHaveLength(1)
  })

  it("reads the supervisors' roster, the organization, the policies and the webhooks once for a whole bulk approval", async () => {
    const { org, submit } = await organization()
    const ids = [await submit(4), await submit(5), await submit(6)]
    let res: Awaited<ReturnType<typeof callRoute>> | undefined
    const sent = await commandsDuring(async () => {
      res = await callRoute(bulkApprove, { cookies: [org.cookie], body: { ids } })
    })
    expect(res!.status, res!.text).toBe(200)
    expect(res!.json).toMatchObject({ approved: ids, failed: [] })
    const readsOf = (sk: string) => sent.filter((c) => keysReadBy(c).includes(sk))
    // The routing item (the supervisors), once; the whole directory, never.
    expect(readsOf('STATS#routing')).toHaveLength(1)
    const directoryReads = sent.filter((c) => JSON.stringify(c.input).includes('STATS#members#'))
    expect(directoryReads).toHaveLength(0)
    expect(readsOf('ORG')).toHaveLength(1)
    expect(sent.filter((c) => c.name === 'TransactWriteCommand')).toHaveLength(3)
  })
})

import { describe, expect, it } from 'vitest'
import { commandsDuring, keys, keysReadBy, table, type SentCommand } from '@app/data/testing'
import { callRoute } from '../../test/support/test-event.ts'
import { decidedThroughRoute, submittedMondayOf, weekAgo } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import getReports from '../reports/get-reports.ts'
import getCurrentWeek from './get-current-week.ts'
import listTimesheets from './list-timesheets.ts'

/**
 * The timesheet list's page, the current week and the report read what they answer and nothing
 * else: the timesheets' own fields (not the index keys stored beside them), and the directory
 * entries of the members they name (not every member's, nor the counters). Their answers are
 * checked as the spec's elsewhere (timesheets.test.ts, reports.test.ts); here, what they read.
 */

/** The attribute names a command's projection reads (undefined: the whole item). */
const projected = (c: SentCommand) => {
  const batch = (c.input.RequestItems as Record<string, Record<string, unknown>> | undefined) ?? {}
  const input = Object.values(batch)[0] ?? c.input
  if (typeof input.ProjectionExpression !== 'string') return undefined
  const names = input.ExpressionAttributeNames as Record<string, string>
  return input.ProjectionExpression.split(', ').map((p) => names[p] ?? p)
}

/** The directory entries a command reads, by member id: those its projection names among `ids`. */
const membersRead = (sent: SentCommand[], ids: string[]) =>
  sent.flatMap((c) => (projected(c) ?? []).filter((name) => ids.includes(name)))

/** An organization where Ana has submitted weeks and Beth (also a member) none. */
const organization = async () => {
  const org = await newOrganization()
  const ana = await newStaffMember(org.cookie)
  const beth = await newStaffMember(org.cookie, 'employee', { person: { firstName: 'Beth' } })
  const submit = (ago: number) => submittedMondayOf(ana.cookie, ago, '09:00', '12:00')
  return { org, ana, beth, submit, everyone: [org.supervisor.id, ana.user.id, beth.user.id] }
}

describe('reads shaped for their screen', () => {
  it("the list's page reads its timesheets' fields and the directory entries of their employees only", async () => {
    const { org, ana, submit, everyone } = await organization()
    await submit(1)
    await submit(2)
    let res: Awaited<ReturnType<typeof callRoute>> | undefined
    const sent = await commandsDuring(async () => {
      res = await callRoute(listTimesheets, { cookies: [org.cookie] })
    })
    expect(res!.status, res!.text).toBe(200)
    expect(res!.json.items.map((t: { employee: { firstName: string } }) => t.employee.firstName)).toEqual([
      'Ana',
      'Ana',
    ])
    const query = sent.find((c) => c.name === 'QueryCommand')!
    // The timesheets' fields and the keys of its own index (its cursor), no other index's keys.
    expect(projected(query)).toEqual(expect.arrayContaining(['id', 'mondayStart', 'commentHistory', 'gsi2sk']))
    expect(projected(query)).not.toContain('gsi3pk')
    expect(projected(query)).not.toContain('gsi1pk')
    // Ana's entry alone: neither Beth's nor the supervisor's, nor the pending counts.
    expect(membersRead(sent, everyone)).toEqual([ana.user.id])
    expect(sent.filter((c) => c.name === 'QueryCommand')).toHaveLength(1)
  })

  it("the report reads its timesheets' fields and only the members it names", async () => {
    const { org, ana, submit, everyone } = await organization()
    const approvedId = await submit(1)
    await submit(2)
    await decidedThroughRoute(org.cookie, approvedId, 'approved')
    let res: Awaited<ReturnType<typeof callRoute>> | undefined
    const sent = await commandsDuring(async () => {
      res = await callRoute(getReports, { cookies: [org.cookie], query: { start: weekAgo(2), end: weekAgo(1) } })
    })
    expect(res!.status, res!.text).toBe(200)
    expect(res!.json).toHaveLength(2)
    expect(res!.json[1]).toMatchObject({ employee: { firstName: 'Ana' }, approver: { firstName: 'Sam' } })
    const query = sent.find((c) => c.name === 'QueryCommand')!
    expect(projected(query)).toEqual(expect.arrayContaining(['id', 'approvedBy', 'sundayEnd']))
    expect(projected(query)).not.toContain('gsi2pk')
    // Ana (the employee) and the supervisor (the approver), not Beth.
    expect(membersRead(sent, everyone).sort()).toEqual([ana.user.id, org.supervisor.id].sort())
  })

  it('an organization made before the aggregates still gets its employees, from every member', async () => {
    const { org, submit } = await organization()
    await submit(1)
    await table.update(keys.timesheetStats(org.organization.id), { UpdateExpression: 'REMOVE aggregates' })
    const res = await callRoute(listTimesheets, { cookies: [org.cookie] })
    expect(res.status, res.text).toBe(200)
    expect(res.json.items[0].employee).toMatchObject({ firstName: 'Ana', lastName: 'Silva' })
  })

  it('the current week reads its lock beside the week, and only the timesheet’s fields', async () => {
    const { ana } = await organization()
    await callRoute(getCurrentWeek, { cookies: [ana.cookie] })
    let res: Awaited<ReturnType<typeof callRoute>> | undefined
    const sent = await commandsDuring(async () => {
      res = await callRoute(getCurrentWeek, { cookies: [ana.cookie] })
    })
    expect(res!.status, res!.text).toBe(200)
    expect(res!.json).toMatchObject({ weekStartDate: weekAgo(0), status: 'draft', periodClosed: false })
    // The session, its member and the organization together, then the timesheet beside its lock.
    expect(Math.max(...sent.map((c) => c.round))).toBeLessThanOrEqual(2)
    const sheetRead = sent.find((c) => keysReadBy(c).some((sk) => sk.startsWith('TS#')))!
    expect(projected(sheetRead)).toEqual(expect.arrayContaining(['id', 'version', 'mondayStart']))
    expect(projected(sheetRead)).not.toContain('gsi1pk')
  })
})

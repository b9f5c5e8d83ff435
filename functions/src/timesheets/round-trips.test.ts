import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart } from '@app/core'
import { orgDb } from '@app/data'
import { commandsDuring, keys, keysReadBy, type SentCommand } from '@app/data/testing'
import { callRoute } from '../../test/support/test-event.ts'
import { decideThroughRoute, submittedThroughRoute } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import getStats from '../dashboard/get-stats.ts'
import getReports from '../reports/get-reports.ts'
import getCurrentWeek from './get-current-week.ts'
import listTimesheets from './list-timesheets.ts'

/**
 * The hot reads' round trips to DynamoDB, counted at the client (a round: the requests sent
 * together). The session, its member, the organization's closure and the organization come in one
 * BatchGetItem; a read added to these paths, or one made after another it could go beside, fails
 * here. The answers themselves are the spec's, checked in timesheets.test.ts and the security suite.
 */
const week = (ago: number) => addDays(currentWeekStart('America/Chicago', 'monday'), -7 * ago)

const rounds = (sent: SentCommand[]) => Math.max(0, ...sent.map((c) => c.round))

const counted = async (run: () => Promise<{ status: number; text: string }>) => {
  let res: { status: number; text: string } | undefined
  const sent = await commandsDuring(async () => {
    res = await run()
  })
  expect(res!.status, res!.text).toBe(200)
  return sent
}

const organization = async () => {
  const org = await newOrganization()
  const ana = await newStaffMember(org.cookie)
  const submitted = await submittedThroughRoute(ana.cookie, {
    weekStartDate: week(1),
    mondayStart: '09:00',
    mondayEnd: '12:00',
    mondayActivity: 'Visits',
  })
  return { org, ana, sheetId: submitted.json.id as number }
}

describe('round trips of the hot reads', () => {
  it('reads the session, its member, the closure and the organization in the first round, together', async () => {
    const { org } = await organization()
    const sent = await counted(() => callRoute(getStats, { cookies: [org.cookie] }))
    const first = sent.filter((c) => c.round === 1)
    expect(first.map((c) => c.name)).toEqual(['BatchGetCommand'])
    const orgId = org.organization.id
    expect(keysReadBy(first[0]!).sort()).toEqual(
      expect.arrayContaining([
        keys.organization(orgId).sk,
        keys.closure(orgId).sk,
        keys.user(orgId, org.supervisor.id).sk,
      ]),
    )
    // The organization is not read again.
    const orgReads = sent.flatMap(keysReadBy).filter((sk) => sk === keys.organization(orgId).sk)
    expect(orgReads).toHaveLength(1)
  })

  it('answers the current week in two rounds of one request each', async () => {
    const { ana } = await organization()
    await callRoute(getCurrentWeek, { cookies: [ana.cookie] })
    const sent = await counted(() => callRoute(getCurrentWeek, { cookies: [ana.cookie] }))
    // The session's batch (the member's item names the week's timesheet); the timesheet beside the week's lock.
    expect(sent.map((c) => [c.name, c.round])).toEqual([
      ['BatchGetCommand', 1],
      ['BatchGetCommand', 2],
    ])
  })

  it('finds the current week through its week item when the member’s item names another week', async () => {
    const { org, ana } = await organization()
    const made = await callRoute(getCurrentWeek, { cookies: [ana.cookie] })
    expect(made.json.weekStartDate).toBe(week(0))
    // A week two weeks back is made after this one: the member's item now names that one.
    await orgDb(org.organization.id).timesheets.getOrCreate(ana.user, week(2))
    const sent = await counted(() => callRoute(getCurrentWeek, { cookies: [ana.cookie] }))
    expect(rounds(sent)).toBe(3)
    const again = await callRoute(getCurrentWeek, { cookies: [ana.cookie] })
    expect(again.json).toEqual(made.json)
  })

  it("answers the dashboard's stats in two rounds", async () => {
    const { org } = await organization()
    const sent = await counted(() => callRoute(getStats, { cookies: [org.cookie] }))
    // The session's batch; the head, this week's figures and the routing item in one batch.
    expect(rounds(sent)).toBe(2)
    expect(sent).toHaveLength(2)
    const orgId = org.organization.id
    expect(keysReadBy(sent[1]!).sort()).toEqual(
      [keys.routing(orgId).sk, keys.timesheetStats(orgId).sk, keys.weekStats(orgId, week(0)).sk].sort(),
    )
  })

  it("answers a supervisor's first page of the list in three rounds", async () => {
    const { org } = await organization()
    const sent = await counted(() => callRoute(listTimesheets, { cookies: [org.cookie] }))
    // The session's batch; the page; its employees' directory entries.
    expect(rounds(sent)).toBe(3)
    expect(sent).toHaveLength(3)
  })

  it("answers a month's report in three rounds", async () => {
    const { org } = await organization()
    const sent = await counted(() =>
      callRoute(getReports, { cookies: [org.cookie], query: { start: week(2), end: week(1) } }),
    )
    expect(rounds(sent)).toBeLessThanOrEqual(3)
    expect(sent.flatMap(keysReadBy).filter((sk) => sk === keys.organization(org.organization.id).sk)).toHaveLength(1)
  })

  it('approves in four rounds of one request each, the organization read once, with the session', async () => {
    const { org, sheetId } = await organization()
    const sent = await counted(() => decideThroughRoute(org.cookie, sheetId, 'approved'))
    // The session's batch (with the organization); the decision's two rounds of reads
    // (decisionReads: the sheet and what needs no sheet, in one batch, then the member); the one transaction.
    expect(rounds(sent)).toBe(4)
    expect(sent.map((c) => c.name)).toEqual([
      'BatchGetCommand',
      'BatchGetCommand',
      'GetCommand',
      'TransactWriteCommand',
    ])
    expect(sent.at(-1)!.name).toBe('TransactWriteCommand')
    expect(sent.flatMap(keysReadBy).filter((sk) => sk === keys.organization(org.organization.id).sk)).toHaveLength(1)
  })
})

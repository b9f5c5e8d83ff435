import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { staleVersionMessage } from '@app/data'
import { keys, table } from '@app/data/testing'
import type { TimesheetStatus } from '@app/core'
import { callRoute } from '../support/test-event.ts'
import { onPlan } from '../support/test-plans.ts'
import { figuresFor } from './support/figures.ts'
import { routes } from './support/manifest.ts'
import { makeTenant, thisWeek, type Tenant } from './support/world.ts'

/**
 * Many requests on the same timesheets at once: exactly one save per version wins, one timesheet
 * per employee-week, status moves only along allowed edges, and the organization's counters equal
 * the true counts.
 */
const figures = figuresFor(import.meta.filename)
const N = 50
let t: Tenant
let supervisors: string[]

beforeAll(async () => {
  t = await makeTenant(`Epsilon${randomUUID().slice(0, 6)} Church`)
  const second = await t.freshMember('supervisor')
  supervisors = [t.cookie, await t.anotherSession(t.supervisor.id), await t.anotherSession(second.id)]
  for (const key of [
    'timesheets/get-current-week',
    'timesheets/update-draft',
    'timesheets/submit-timesheet',
    'timesheets/update-status',
    'timesheets/send-back',
    'timesheets/save-draft',
    'members/add-member',
  ])
    figures.route(key)
}, 60_000)

const statusesOf = (answers: { status: number }[]) => {
  const tally: Record<number, number> = {}
  for (const a of answers) tally[a.status] = (tally[a.status] ?? 0) + 1
  return tally
}

const expectCountsTrue = async () => {
  expect(await t.db.timesheets.counts()).toEqual(await t.trueCounts())
}

const save = (id: number, body: Record<string, unknown>, cookie = t.staff.cookie) =>
  callRoute(routes['timesheets/update-draft'], { cookies: [cookie], params: { id: String(id) }, body })
const submit = (id: number, body: Record<string, unknown> = {}) =>
  callRoute(routes['timesheets/submit-timesheet'], { cookies: [t.staff.cookie], params: { id: String(id) }, body })
const decide = (id: number, status: 'approved' | 'rejected', cookie: string) =>
  callRoute(routes['timesheets/update-status'], {
    cookies: [cookie],
    params: { id: String(id) },
    body: { status, comments: `${status} by ${cookie.slice(-6)}` },
  })

describe('one timesheet per employee-week', () => {
  it(`${N} parallel GET current-week from two devices answer one timesheet`, async () => {
    const devices = [t.staff.cookie, await t.anotherSession(t.staff.user.id)]
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        callRoute(routes['timesheets/get-current-week'], { cookies: [devices[i % 2]!] }),
      ),
    )
    figures.cases(N)
    expect(statusesOf(answers)).toEqual({ 200: N })
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1)
    const week = answers[0]!.json.weekStartDate
    expect(week).toBe(thisWeek())
    const items = await table.queryAll({
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': keys.orgPk(t.orgId), ':s': keys.timesheetsPrefix },
    })
    expect(items.filter((i) => i.employeeId === t.staff.user.id && i.weekStartDate === week)).toHaveLength(1)
    await expectCountsTrue()
  })

  it(`${N} parallel save-draft of a new week make one timesheet, and every answer is a save or a conflict`, async () => {
    const week = t.nextWeek()
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        callRoute(routes['timesheets/save-draft'], {
          cookies: [t.staff.cookie],
          body: { weekStartDate: week, mondayStart: '09:00', mondayEnd: '10:00', mondayActivity: `device ${i}` },
        }),
      ),
    )
    figures.cases(N)
    for (const a of answers) expect([200, 409], a.text).toContain(a.status)
    expect(new Set(answers.filter((a) => a.status === 200).map((a) => a.json.id)).size).toBe(1)
    const sheet = await t.db.timesheets.weekOf(t.staff.user.id, week)
    const winners = answers.filter((a) => a.status === 200)
    // The stored draft is the last acknowledged save (the one with the highest version).
    const last = winners.reduce((x, y) => (y.json.version > x.json.version ? y : x))
    expect(sheet).toMatchObject({ version: last.json.version, mondayActivity: last.json.mondayActivity })
    expect(new Set(winners.map((w) => w.json.version)).size).toBe(winners.length)
    await expectCountsTrue()
  })
})

describe('exactly one of many concurrent changes wins', () => {
  it(`${N} saves at one version, then ${N} submits, then ${N} decisions by three supervisor sessions`, async () => {
    const draft = await t.freshDraft()
    const saves = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        save(draft.id, {
          version: draft.version,
          mondayStart: '08:00',
          mondayEnd: '12:00',
          mondayActivity: `save ${i}`,
        }),
      ),
    )
    figures.cases(N)
    expect(statusesOf(saves)).toEqual({ 200: 1, 409: N - 1 })
    for (const lost of saves.filter((s) => s.status === 409)) expect(lost.json.message).toBe(staleVersionMessage)
    const winner = saves.find((s) => s.status === 200)!.json
    expect(await t.db.timesheets.get(draft.id)).toMatchObject({
      version: draft.version + 1,
      mondayActivity: winner.mondayActivity,
    })

    const submits = await Promise.all(Array.from({ length: N }, () => submit(draft.id)))
    figures.cases(N)
    expect(statusesOf(submits)).toEqual({ 200: 1, 409: N - 1 })

    const decisions = await Promise.all(
      Array.from({ length: N }, (_, i) => decide(draft.id, i % 2 ? 'approved' : 'rejected', supervisors[i % 3]!)),
    )
    figures.cases(N)
    expect(statusesOf(decisions)).toEqual({ 200: 1, 409: N - 1 })
    const decided = decisions.find((d) => d.status === 200)!.json
    const stored = await t.db.timesheets.get(draft.id)
    expect(stored).toMatchObject({ status: decided.status, version: draft.version + 3 })
    expect(stored.commentHistory).toHaveLength(1)
    await expectCountsTrue()
  })

  it('20 supervisors approving 20 different timesheets at once all succeed', async () => {
    const sheets = []
    for (let i = 0; i < 20; i++) sheets.push(await t.freshPending())
    const decisions = await Promise.all(sheets.map((s, i) => decide(s.id, 'approved', supervisors[i % 3]!)))
    figures.cases(20)
    expect(
      statusesOf(decisions),
      decisions
        .filter((d) => d.status !== 200)
        .map((d) => d.text)
        .join('\n'),
    ).toEqual({ 200: 20 })
    for (const s of sheets) expect((await t.db.timesheets.get(s.id)).status).toBe('approved')
    await expectCountsTrue()
  })

  it(`${N} send-backs of an approved week by three supervisor sessions, and the member's save after`, async () => {
    const approved = await t.freshApproved()
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        callRoute(routes['timesheets/send-back'], {
          cookies: [supervisors[i % 3]!],
          params: { id: String(approved.id) },
          body: { comments: `fix ${i}` },
        }),
      ),
    )
    figures.cases(N)
    expect(statusesOf(answers)).toEqual({ 200: 1, 409: N - 1 })
    const stored = await t.db.timesheets.get(approved.id)
    expect(stored).toMatchObject({ status: 'rejected', version: approved.version + 1 })
    expect(stored.commentHistory.filter((c) => c.status === 'rejected')).toHaveLength(1)
    await expectCountsTrue()
    // The member's save and the send-backs' losers meet a rejected week: the save wins alone.
    const [saved, late] = await Promise.all([
      save(approved.id, { version: stored.version, mondayStart: '08:00', mondayEnd: '10:00' }),
      callRoute(routes['timesheets/send-back'], {
        cookies: [t.cookie],
        params: { id: String(approved.id) },
        body: { comments: 'late' },
      }),
    ])
    expect([saved.status, late.status]).toEqual([200, 409])
    await expectCountsTrue()
  })

  type Op =
    | { kind: 'save'; sheet: number; stale: boolean }
    | { kind: 'submit'; sheet: number; stale: boolean }
    | { kind: 'decide'; sheet: number; decision: 'approved' | 'rejected'; by: number }

  /** The edges a timesheet may move along, by the operation that moves it. */
  const allowed = (op: Op['kind'] | 'approved' | 'rejected', from: TimesheetStatus): TimesheetStatus | undefined =>
    op === 'save' && (from === 'draft' || from === 'rejected')
      ? 'draft'
      : op === 'submit' && (from === 'draft' || from === 'rejected')
        ? 'pending'
        : (op === 'approved' || op === 'rejected') && from === 'pending'
          ? op
          : undefined

  it(`random waves of ${N} mixed saves, submits and decisions keep every edge allowed and the counts true`, async () => {
    const sheets = await Promise.all(Array.from({ length: 5 }, () => t.freshDraft()))
    const ids = sheets.map((s) => s.id)
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('save' as const), sheet: fc.nat(4), stale: fc.boolean() }),
      fc.record({ kind: fc.constant('submit' as const), sheet: fc.nat(4), stale: fc.boolean() }),
      fc.record({
        kind: fc.constant('decide' as const),
        sheet: fc.nat(4),
        decision: fc.constantFrom('approved' as const, 'rejected' as const),
        by: fc.nat(2),
      }),
    )
    const waves = fc.sample(fc.array(op, { minLength: N, maxLength: N }), 4)
    let moves = 0
    for (const wave of waves) {
      const start = await Promise.all(ids.map((id) => t.db.timesheets.get(id)))
      const answers = await Promise.all(
        wave.map(async (o, i) => {
          const sheet = start[o.sheet]!
          // A 'stale' change carries the version read at the start of the wave; the others none.
          const version = o.kind !== 'decide' && o.stale ? { version: sheet.version } : {}
          const res =
            o.kind === 'save'
              ? await save(sheet.id, {
                  ...version,
                  tuesdayStart: '10:00',
                  tuesdayEnd: '11:00',
                  tuesdayActivity: `w${i}`,
                })
              : o.kind === 'submit'
                ? await submit(sheet.id, version)
                : await decide(sheet.id, o.decision, supervisors[o.by]!)
          return { o, res }
        }),
      )
      figures.cases(wave.length)
      for (const { res } of answers) expect([200, 409], res.text).toContain(res.status)

      for (const [n, id] of ids.entries()) {
        const wins = answers
          .filter(({ o, res }) => o.sheet === n && res.status === 200)
          .sort((x, y) => x.res.json.version - y.res.json.version)
        // Each acknowledged change made exactly the next version: no two changes won the same version.
        expect(wins.map((w) => w.res.json.version)).toEqual(wins.map((_, k) => start[n]!.version + k + 1))
        let status = start[n]!.status
        for (const { o, res } of wins) {
          const to = allowed(o.kind === 'decide' ? o.decision : o.kind, status)
          expect(to, `${o.kind} from ${status}`).toBeDefined()
          expect(res.json.status).toBe(to)
          status = to!
          moves++
        }
        const stored = await t.db.timesheets.get(id)
        expect(stored.status).toBe(status)
        expect(stored.version).toBe(start[n]!.version + wins.length)
      }
      await expectCountsTrue()
    }
    expect(moves).toBeGreaterThan(5)
  }, 60_000)
})

describe('the plan limit holds under concurrent adds', () => {
  it('six parallel adds with two places left add exactly two members', async () => {
    const limit = 10
    await onPlan(t.orgId, 'starter', limit - 2)
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        callRoute(routes['members/add-member'], {
          cookies: [t.cookie],
          body: {
            email: `limit-${i}-${randomUUID().slice(0, 6)}@grace.example`,
            firstName: 'Par',
            lastName: `Allel${i}`,
            department: 'Care',
          },
        }),
      ),
    )
    figures.cases(6)
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2)
    for (const a of answers.filter((x) => x.status !== 200)) expect([402, 409], a.text).toContain(a.status)
    expect(await t.db.members.count()).toBe(limit)
  })
})

import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { keys } from './keys.ts'
import { latestWeekOf, latestWeeksIn } from './latest-week.ts'
import { table } from './table.ts'
import { createTestOrganization } from './testing.ts'

const organization = async () => {
  const { user, db, organization } = await createTestOrganization({ firstName: 'Ruth', lastName: 'Okafor' })
  const add = (firstName: string) =>
    db.members.add(
      {
        email: `${randomUUID().slice(0, 8)}@example.org`,
        firstName,
        lastName: 'Silva',
        department: 'Youth',
        role: 'employee',
      },
      `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}`,
      null,
      user,
    )
  const hintOf = async (userId: string) => latestWeekOf(await table.get(keys.user(organization.id, userId)))
  return { db, orgId: organization.id, ana: await add('Ana'), ben: await add('Ben'), hintOf }
}

describe("the member item's hint to the timesheet they made last", () => {
  it('is kept when a week is made, and names the week made last', async () => {
    const { db, ana, hintOf } = await organization()
    expect(await hintOf(ana.id)).toBeUndefined()
    const now = await db.timesheets.getOrCreate(ana, '2026-11-16')
    expect(await hintOf(ana.id)).toEqual({ weekStartDate: '2026-11-16', timesheetId: now.id })
    const before = await db.timesheets.getOrCreate(ana, '2026-11-09')
    expect(await hintOf(ana.id)).toEqual({ weekStartDate: '2026-11-09', timesheetId: before.id })
    // Reading a week that exists writes nothing.
    expect((await db.timesheets.getOrCreate(ana, '2026-11-16')).id).toBe(now.id)
    expect(await hintOf(ana.id)).toEqual({ weekStartDate: '2026-11-09', timesheetId: before.id })
  })

  it("finds the week by the hint, and never trusts one that names another member's or another week's timesheet", async () => {
    const { db, ana, ben } = await organization()
    const anas = await db.timesheets.getOrCreate(ana, '2026-11-16')
    const bens = await db.timesheets.getOrCreate(ben, '2026-11-16')
    const earlier = await db.timesheets.getOrCreate(ana, '2026-11-09')
    expect(
      (await db.timesheets.weekOf(ana.id, '2026-11-16', { weekStartDate: '2026-11-16', timesheetId: anas.id }))!.id,
    ).toBe(anas.id)
    // Ben's timesheet under Ana's hint: Ana's own is answered.
    expect(
      (await db.timesheets.weekOf(ana.id, '2026-11-16', { weekStartDate: '2026-11-16', timesheetId: bens.id }))!.id,
    ).toBe(anas.id)
    // A hint whose week is right but whose timesheet is of another week.
    expect(
      (await db.timesheets.weekOf(ana.id, '2026-11-16', { weekStartDate: '2026-11-16', timesheetId: earlier.id }))!.id,
    ).toBe(anas.id)
    // A hint naming a timesheet that does not exist.
    expect(
      (await db.timesheets.weekOf(ana.id, '2026-11-16', { weekStartDate: '2026-11-16', timesheetId: 999_999 }))!.id,
    ).toBe(anas.id)
    // A week with no timesheet, whatever the hint says.
    expect(
      await db.timesheets.weekOf(ana.id, '2026-11-23', { weekStartDate: '2026-11-23', timesheetId: anas.id }),
    ).toBeUndefined()
  })

  it('makes no member item where there is none, and the week all the same', async () => {
    const { db, orgId } = await organization()
    const ghost = { id: randomUUID(), firstName: 'No', lastName: 'One' }
    const sheet = await db.timesheets.getOrCreate(ghost, '2026-11-16')
    expect(await table.get(keys.user(orgId, ghost.id))).toBeUndefined()
    expect(await db.timesheets.weekOf(ghost.id, '2026-11-16')).toEqual(sheet)
    expect((await db.timesheets.getOrCreate(ghost, '2026-11-16')).id).toBe(sheet.id)
  })

  it('reads only a well-formed hint', () => {
    expect(latestWeekOf({ latestWeek: { weekStartDate: '2026-11-16', timesheetId: 7 } })).toEqual({
      weekStartDate: '2026-11-16',
      timesheetId: 7,
    })
    for (const latestWeek of [
      undefined,
      null,
      'x',
      { weekStartDate: '2026-11-16' },
      { timesheetId: 7 },
      { weekStartDate: 1, timesheetId: 7 },
      { weekStartDate: '2026-11-16', timesheetId: 1.5 },
    ])
      expect(latestWeekOf({ latestWeek })).toBeUndefined()
    expect(latestWeekOf(undefined)).toBeUndefined()
  })

  it("seeds each member's newest week", () => {
    const sheets = [
      { id: 1, employeeId: 'a', weekStartDate: '2026-11-09' },
      { id: 2, employeeId: 'a', weekStartDate: '2026-11-16' },
      { id: 3, employeeId: 'a', weekStartDate: '2026-11-02' },
      { id: 4, employeeId: 'b', weekStartDate: '2026-11-02' },
    ]
    expect(Object.fromEntries(latestWeeksIn(sheets))).toEqual({
      a: { weekStartDate: '2026-11-16', timesheetId: 2 },
      b: { weekStartDate: '2026-11-02', timesheetId: 4 },
    })
  })
})

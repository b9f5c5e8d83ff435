import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, allDaySpans, AllocationCodes, AllocationReport, currentWeekStart } from '@app/core'
import { orgDb } from '@app/data'
import { callRoute, ok } from '../../test/support/test-event.ts'
import { decideThroughRoute, splitOf } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import listMembers from '../members/list-members.ts'
import updateMember from '../members/update-member.ts'
import getAllocationCodes from '../organization/get-allocation-codes.ts'
import updateAllocationCodes from '../organization/update-allocation-codes.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import saveDraft from '../timesheets/save-draft.ts'
import updateDraft from '../timesheets/update-draft.ts'
import allocationReport from './allocation-report.ts'
import exportPayroll from '../payroll/export-payroll.ts'
import updatePayrollSettings from '../payroll/update-settings.ts'

/**
 * "Done when", through the real routes on the local stack: a member's week of 40 hours,
 * split on three days and by default on the rest, is approved with 30 hours on 'Youth (Grant A)'
 * and 10 on 'Administration'; the report shows 75 % and 25 % and the grant's 30 budget hours; a
 * split that does not add up is refused and changes nothing; a volunteer's 6 hours at the food
 * pantry are valued at the volunteer rate.
 */
const lastWeek = addDays(currentWeekStart('America/Chicago', 'monday'), -7)
const eightHours = (day: string) => ({ [`${day}Start`]: '08:00', [`${day}End`]: '16:30', [`${day}BreakMinutes`]: 30 })
const fullWeek = {
  weekStartDate: lastWeek,
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].reduce((a, d) => ({ ...a, ...eightHours(d) }), {}),
}

let sup: Awaited<ReturnType<typeof newOrganization>>
let ana: Awaited<ReturnType<typeof newStaffMember>>
let val: Awaited<ReturnType<typeof newStaffMember>>
const code: Record<'youth' | 'admin' | 'pantry' | 'old', string> = { youth: '', admin: '', pantry: '', old: '' }
/** Monday to Wednesday split between Youth and Administration (by the codes' ids, once they are made). */
const splitDays = () => ({
  mondayAllocations: splitOf([code.youth, 240], [code.admin, 240]),
  tuesdayAllocations: splitOf([code.admin, 240], [code.youth, 240]),
  wednesdayAllocations: splitOf([code.youth, 360], [code.admin, 120]),
})

beforeAll(async () => {
  sup = await newOrganization()
  ;[ana, val] = await Promise.all([newStaffMember(sup.cookie), newStaffMember(sup.cookie, 'volunteer')])
}, 60_000)

describe('ministries and funds', () => {
  it('gives new codes their ids, and never deletes one', async () => {
    const saved = ok(
      await callRoute(updateAllocationCodes, {
        cookies: [sup.cookie],
        body: {
          codes: [
            { name: 'Youth (Grant A)', kind: 'fund', className: 'Youth', budgetHours: 30, from: null, to: null },
            { name: 'Administration', kind: 'ministry', className: 'Administration' },
            { name: 'Food pantry', kind: 'ministry', className: 'Outreach' },
            { name: 'Old mission', kind: 'fund', active: false },
          ],
        },
      }),
    )
    const { codes } = AllocationCodes.parse(saved.json)
    expect(codes.map((c) => c.name)).toEqual(['Youth (Grant A)', 'Administration', 'Food pantry', 'Old mission'])
    ;[code.youth, code.admin, code.pantry, code.old] = codes.map((c) => c.id) as [string, string, string, string]
    expect(new Set(Object.values(code)).size).toBe(4)

    const dropped = await callRoute(updateAllocationCodes, {
      cookies: [sup.cookie],
      body: { codes: codes.slice(1) },
    })
    expect(dropped.status).toBe(400)
    expect(dropped.json.message).toBe('Ministries and funds are never deleted; make one inactive instead')
    // Staff read the list (for the split) but may not change it.
    const read = ok(await callRoute(getAllocationCodes, { cookies: [ana.cookie] }))
    expect(read.json.codes).toHaveLength(4)
    const staffPut = await callRoute(updateAllocationCodes, { cookies: [ana.cookie], body: { codes } })
    expect(staffPut.status).toBe(403)
  })

  it("keeps a member's default code, refusing one that is inactive", async () => {
    const inactive = await callRoute(updateMember, {
      cookies: [sup.cookie],
      params: { id: ana.user.id },
      body: { defaultCode: code.old },
    })
    expect(inactive.status).toBe(400)
    expect(inactive.json.fields).toHaveProperty('defaultCode')
    ok(await callRoute(updateMember, { cookies: [sup.cookie], params: { id: ana.user.id }, body: { defaultCode: code.youth } }))
    ok(await callRoute(updateMember, { cookies: [sup.cookie], params: { id: val.user.id }, body: { defaultCode: code.pantry } }))
    const members = ok(await callRoute(listMembers, { cookies: [sup.cookie] })).json as { id: string; defaultCode?: string }[]
    expect(members.find((m) => m.id === ana.user.id)?.defaultCode).toBe(code.youth)
  })
})

describe('splitting days', () => {
  let saved: Record<string, unknown>
  it('answers a save without splits exactly as before: no allocation field', async () => {
    const res = ok(await callRoute(saveDraft, { cookies: [ana.cookie], body: fullWeek }))
    expect(Object.keys(res.json).filter((k) => k.includes('Allocation'))).toEqual([])
  })

  it('saves splits on three days that add up to their paid minutes', async () => {
    const res = ok(await callRoute(saveDraft, { cookies: [ana.cookie], body: { ...fullWeek, ...splitDays() } }))
    saved = res.json
    expect(saved.mondayAllocations).toEqual(splitDays().mondayAllocations)
  })

  it('refuses a day whose split does not add up, or names an inactive code, and changes nothing', async () => {
    const id = String(saved.id)
    const refusedSave = async (split: object) => {
      const res = await callRoute(updateDraft, {
        cookies: [ana.cookie],
        params: { id },
        body: { ...fullWeek, version: saved.version, ...split },
      })
      expect(res.status).toBe(400)
      return res.json.fields as Record<string, string>
    }
    expect(await refusedSave({ thursdayAllocations: [{ code: code.admin, minutes: 420 }] })).toEqual({
      thursdayAllocations: "Thursday allocations must add up to the day's paid minutes (480)",
    })
    expect(await refusedSave({ fridayAllocations: [{ code: code.old, minutes: 480 }] })).toHaveProperty(
      'fridayAllocations',
    )
    expect(await refusedSave({ weekAllocationPercent: [{ code: code.admin, percent: 100 }] })).toHaveProperty(
      'weekAllocationPercent',
    )
    const stored = await orgDb(sup.organization.id).timesheets.get(Number(id))
    const { payroll: _payroll, ...savedSheet } = saved
    // As answered: with every day's spans.
    expect({ ...stored, ...allDaySpans(stored!) }).toEqual(savedSheet)
  })

  it('stores the week’s allocation with the approval', async () => {
    const submitted = ok(
      await callRoute(createTimesheet, {
        cookies: [ana.cookie],
        body: {
          ...fullWeek,
          version: saved.version,
          mondayAllocations: saved.mondayAllocations,
          tuesdayAllocations: saved.tuesdayAllocations,
          wednesdayAllocations: saved.wednesdayAllocations,
        },
      }),
    )
    const volunteer = ok(
      await callRoute(createTimesheet, {
        cookies: [val.cookie],
        body: { weekStartDate: lastWeek, saturdayStart: '09:00', saturdayEnd: '15:00' },
      }),
    )
    for (const id of [submitted.json.id, volunteer.json.id])
      ok(await decideThroughRoute(sup.cookie, id, 'approved'))
    const [figures] = (await orgDb(sup.organization.id).payroll.figuresOfWeeks(lastWeek, lastWeek)).filter(
      (f) => f.employeeId === ana.user.id,
    )
    expect(figures!.days.map((d) => d.allocations)).toEqual([
      ...Object.values(splitDays()),
      [{ code: code.youth, minutes: 480 }],
      [{ code: code.youth, minutes: 480 }],
    ])
  })
})

describe('the allocation report', () => {
  it('shows 75 % and 25 % of the member’s paid hours, the grant’s budget, and the volunteer’s value', async () => {
    const res = ok(
      await callRoute(allocationReport, {
        cookies: [sup.cookie],
        query: { from: lastWeek, to: addDays(lastWeek, 6) },
      }),
    )
    const report = AllocationReport.parse(res.json)
    const youth = report.codes.find((c) => c.code === code.youth)!
    const admin = report.codes.find((c) => c.code === code.admin)!
    expect(youth).toMatchObject({ name: 'Youth (Grant A)', hours: 30, percent: 75, budgetHours: 30 })
    expect(youth.members).toEqual([expect.objectContaining({ employeeId: ana.user.id, hours: 30, percent: 75 })])
    expect(admin.members).toEqual([expect.objectContaining({ employeeId: ana.user.id, hours: 10, percent: 25 })])
    expect(report.volunteers).toEqual([{ code: code.pantry, name: 'Food pantry', hours: 6, value: 200.94 }])
  })

  it('is for supervisors, and refuses a range that is not one', async () => {
    const staff = await callRoute(allocationReport, {
      cookies: [ana.cookie],
      query: { from: lastWeek, to: addDays(lastWeek, 6) },
    })
    expect(staff.status).toBe(403)
    const reversed = await callRoute(allocationReport, {
      cookies: [sup.cookie],
      query: { from: addDays(lastWeek, 6), to: lastWeek },
    })
    expect(reversed.status).toBe(400)
  })
})

describe('the QuickBooks file', () => {
  it('carries each code’s class in PROJ, one TIMEACT row per member, day and code', async () => {
    const iif = await callRoute(exportPayroll, {
      cookies: [sup.cookie],
      query: { format: 'quickbooks-iif', from: lastWeek, to: addDays(lastWeek, 6) },
    })
    expect(iif.status, iif.text).toBe(302)
    const text = Buffer.from(await (await fetch(iif.headers.location as string)).arrayBuffer()).toString('utf8')
    const rows = text.split('\r\n').filter((l) => l.startsWith('TIMEACT'))
    const on = (offset: number) => {
      const date = addDays(lastWeek, offset)
      return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(2, 4)}`
    }
    const row = (offset: number, duration: string, proj: string) =>
      `TIMEACT\t${on(offset)}\t\tAna Silva\t\tRegular Pay\t${duration}\t${proj}\t\t0`
    expect(rows).toEqual([
      row(0, '4:00', 'Youth'),
      row(0, '4:00', 'Administration'),
      row(1, '4:00', 'Administration'),
      row(1, '4:00', 'Youth'),
      row(2, '6:00', 'Youth'),
      row(2, '2:00', 'Administration'),
      row(3, '8:00', 'Youth'),
      row(4, '8:00', 'Youth'),
    ])
  })
})

/** The text of an export (the route redirects to the file's link). */
const download = async (format: 'adp' | 'csv') => {
  const res = await callRoute(exportPayroll, {
    cookies: [sup.cookie],
    query: { format, from: lastWeek, to: addDays(lastWeek, 6) },
  })
  expect(res.status, res.text).toBe(302)
  return Buffer.from(await (await fetch(res.headers.location as string)).arrayBuffer())
    .toString('utf8')
    .replace(/^\uFEFF/, '')
}
const rowsOf = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','))

describe('ADP cost numbers (Temporary Cost Number)', () => {
  const withCost = async (costNumber: unknown) => {
    const { codes } = AllocationCodes.parse(ok(await callRoute(getAllocationCodes, { cookies: [sup.cookie] })).json)
    return callRoute(updateAllocationCodes, {
      cookies: [sup.cookie],
      body: { codes: codes.map((c) => (c.id === code.youth ? { ...c, costNumber } : c)) },
    })
  }

  it('refuses a cost number ADP would not take, on its field, and changes nothing', async () => {
    const bad = await withCost('=1+1')
    expect(bad.status).toBe(400)
    expect(bad.json.fields).toEqual({
      'codes.0.costNumber':
        'Cost number must be at most 15 letters, digits, dashes or periods, starting with a letter or digit',
    })
    const { codes } = AllocationCodes.parse(ok(await callRoute(getAllocationCodes, { cookies: [sup.cookie] })).json)
    expect(codes.every((c) => c.costNumber === null)).toBe(true)
  })

  it('keeps a code’s cost number, with its audit record', async () => {
    const saved = AllocationCodes.parse(ok(await withCost(' YTH-100 ')).json)
    expect(saved.codes.find((c) => c.id === code.youth)?.costNumber).toBe('YTH-100')
    const { items } = await orgDb(sup.organization.id).audit.list({ limit: 5 })
    expect(items.flatMap((i) => i.changes ?? []).map((c) => c.after)).toContain(
      'Youth (Grant A) · fund · Youth · 30 ·  ·  · active · cost YTH-100',
    )
  })

  it('splits the member’s ADP line per cost number, the totals as before', async () => {
    ok(await callRoute(updatePayrollSettings, { cookies: [sup.cookie], body: { adpCompanyCode: 'XYZ', adpBatchId: 'B1' } }))
    ok(await callRoute(updateMember, { cookies: [sup.cookie], params: { id: ana.user.id }, body: { payrollId: 'A100' } }))
    const rows = rowsOf(await download('adp'))
    expect(rows[0]).toEqual([
      'Co Code',
      'Batch ID',
      'File #',
      'Reg Hours',
      'O/T Hours',
      'Hours 3 Code',
      'Hours 3 Amount',
      'Temporary Cost Number',
    ])
    // 10 hours of Administration (no cost number) on Ana's own line, 30 of Youth on YTH-100's.
    expect(rows.filter((r) => r[2] === 'A100')).toEqual([
      ['XYZ', 'B1', 'A100', '10.00', '0.00', '', '', ''],
      ['XYZ', 'B1', 'A100', '30.00', '0.00', '', '', 'YTH-100'],
    ])
  })
})

describe('our payroll CSV', () => {
  it('adds a row per member and ministry or fund that adds up to the member’s row', async () => {
    const rows = rowsOf(await download('csv'))
    expect(rows[0]!.at(-1)).toBe('Ministry or Fund')
    const mine = rows.filter((r) => r[1] === ana.user.id)
    expect(mine.filter((r) => r[0] !== 'Day').map((r) => [r[0], r[7], r[8], r[9], r.at(-1)])).toEqual([
      ['Member', '40.00', '40.00', '0.00', ''],
      ['Ministry or Fund', '30.00', '30.00', '0.00', 'Youth (Grant A)'],
      ['Ministry or Fund', '10.00', '10.00', '0.00', 'Administration'],
    ])
    expect(mine.filter((r) => r[0] === 'Day')).toHaveLength(5)
  })
})

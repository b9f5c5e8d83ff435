import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, todayIn } from '@app/core'
import { orgDb } from '@app/data'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import updateStatus from '../timesheets/update-status.ts'
import downloadCsv from '../timesheets/download-csv.ts'
import updateUser from '../auth/update-user.ts'
import bulkTimesheets from './bulk-timesheets.ts'
import getReports from './get-reports.ts'

const thisWeek = () => currentWeekStart('America/Chicago', 'monday')

describe('GET /api/timesheets/reports', () => {
  it('answers the submitted timesheets whose week starts within the period, with the approver', async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const weeks = [0, 1, 2, 5].map((w) => addDays(thisWeek(), -7 * w))
    const ids: number[] = []
    for (const week of weeks)
      ids.push((await callRoute(createTimesheet, { cookies: [staff.cookie], body: { weekStartDate: week } })).json.id)
    await callRoute(updateStatus, { cookies: [cookie], params: { id: String(ids[1]) }, body: { status: 'approved' } })

    const res = await callRoute(getReports, { cookies: [cookie], query: { start: weeks[2]!, end: weeks[0]! } })
    expect(res.status).toBe(200)
    expect(res.json.map((t: { weekStartDate: string }) => t.weekStartDate)).toEqual([weeks[2], weeks[1], weeks[0]])
    expect(res.json[1]).toMatchObject({ status: 'approved', approver: { firstName: 'Sam', lastName: 'Grace' } })
    expect(res.json[0].approver).toBeNull()

    const oneDay = await callRoute(getReports, { cookies: [cookie], query: { start: weeks[1]!, end: weeks[1]! } })
    expect(oneDay.json).toHaveLength(1)
  })

  it('refuses a period that ends before it starts, or is not made of real dates', async () => {
    const { cookie } = await newOrganization()
    const backwards = await callRoute(getReports, {
      cookies: [cookie],
      query: { start: '2026-11-16', end: '2026-11-01' },
    })
    expect(backwards.status).toBe(400)
    const unreal = await callRoute(getReports, { cookies: [cookie], query: { start: '2026-13-01', end: '2026-11-01' } })
    expect(unreal.status).toBe(400)
  })

  it("answers the current month in the organization's zone when the call carries no dates", async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const today = todayIn('America/Chicago')
    const first = `${today.slice(0, 7)}-01`
    const weeks = [0, 1, 2, 3, 4, 5, 6].map((w) => addDays(thisWeek(), -7 * w))
    for (const week of weeks) await callRoute(createTimesheet, { cookies: [staff.cookie], body: { weekStartDate: week } })
    const res = await callRoute(getReports, { cookies: [cookie] })
    expect(res.status).toBe(200)
    const expected = weeks.filter((w) => w >= first && w <= today).sort()
    expect(weeks.some((w) => w < first)).toBe(true) // earlier weeks exist and must be left out
    expect(res.json.map((t: { weekStartDate: string }) => t.weekStartDate).sort()).toEqual(expected)
    // One bound alone takes the other from its month.
    const fromStart = await callRoute(getReports, { cookies: [cookie], query: { start: first } })
    expect(fromStart.json.map((t: { weekStartDate: string }) => t.weekStartDate).sort()).toEqual(expected)
    const wrong = await callRoute(getReports, { cookies: [cookie], query: { start: 'next month' } })
    expect(wrong.status).toBe(400)
  })
})

describe('GET /api/reports/bulk-timesheets', () => {
  it('exports 300 timesheets as one CSV row per employee-week behind a pre-signed link', async () => {
    const { cookie, organization } = await newOrganization()
    const db = orgDb(organization.id)
    const staff = await newStaffMember(cookie)
    for (let i = 0; i < 300; i += 25) {
      await Promise.all(
        Array.from({ length: 25 }, async (_, j) => {
          const employee = i + j < 150 ? staff.user : { ...staff.user, id: `former-${i + j}` }
          const sheet = await db.timesheets.getOrCreate(employee, addDays(thisWeek(), -7 * (i + j)))
          const saved = await db.timesheets.saveDays(sheet.id, employee, {
            ...sheet,
            mondayStart: '09:00',
            mondayEnd: '11:00',
          })
          await db.timesheets.submit(saved.id, employee)
        }),
      )
    }
    const res = await callRoute(bulkTimesheets, { cookies: [cookie], query: { status: 'pending' } })
    expect(res.status).toBe(302)
    const csv = Buffer.from(await (await fetch(res.headers.location as string)).arrayBuffer()).toString('utf8')
    const lines = csv.trim().split('\r\n')
    expect(lines).toHaveLength(301)
    // Each member's email tells people of the same name apart; times are the organization's.
    expect(lines[0]).toContain('Employee,Email,Department,Week Starting,Status,Monday Hours')
    expect(lines[0]).toMatch(/Total Hours,Break Minutes,Submitted At \(America\/Chicago\),Approved By,Approved At \(America\/Chicago\)$/)
    expect(lines[1]).toMatch(
      /^\uFEFF?Ana Silva,[\w-]+@grace\.example,Youth,\d{4}-\d{2}-\d{2},Pending Review,2\.00,0\.00.*,2\.00,0,\d{4}-\d{2}-\d{2} \d{2}:\d{2},,$/,
    )
    expect(lines.filter((l) => l.startsWith('Removed member'))).toHaveLength(150)
  }, 90_000)

  it("speaks its reader's language, as the week's own CSV does", async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const created = await callRoute(createTimesheet, { cookies: [staff.cookie], body: { weekStartDate: thisWeek() } })
    const id = String(created.json.id)
    await callRoute(updateStatus, { cookies: [cookie], params: { id }, body: { status: 'approved' } })
    expect((await callRoute(updateUser, { cookies: [cookie], body: { language: 'es' } })).status).toBe(200)
    const lines = async (res: Awaited<ReturnType<typeof callRoute>>) => {
      expect(res.status).toBe(302)
      const file = Buffer.from(await (await fetch(res.headers.location as string)).arrayBuffer()).toString('utf8')
      return file.replace(/^\uFEFF/, '').trim().split('\r\n')
    }

    const bulk = await lines(await callRoute(bulkTimesheets, { cookies: [cookie] }))
    expect(bulk[0]).toMatch(/^Empleado,Correo electrónico,Departamento,Semana que comienza,Estado,Horas \(Lunes\),/)
    expect(bulk[0]).toMatch(/,Enviado el \(America\/Chicago\),Aprobado por,Aprobado el \(America\/Chicago\)$/)
    expect(bulk[1]).toContain(',Aprobada,')
    const week = await lines(await callRoute(downloadCsv, { cookies: [cookie], params: { id } }))
    expect(week[0]).toMatch(/^Organización,/)
    expect(week).toContain('Fecha,Día,Entrada,Salida,Termina al día siguiente,Minutos de descanso,Horas,Actividad,Franjas horarias')
    // The member reads English: the same week's file, in English.
    const english = await lines(await callRoute(downloadCsv, { cookies: [staff.cookie], params: { id } }))
    expect(english).toContain('Date,Day,Start,End,Ends Next Day,Break Minutes,Hours,Activity,Time Ranges')
  })

  it('carries the dashboard’s search: only the members whose name it matches, accents ignored', async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    await callRoute(createTimesheet, { cookies: [staff.cookie], body: { weekStartDate: thisWeek() } })
    const rows = async (query: Record<string, string>) => {
      const res = await callRoute(bulkTimesheets, { cookies: [cookie], query })
      expect(res.status).toBe(302)
      const file = Buffer.from(await (await fetch(res.headers.location as string)).arrayBuffer()).toString('utf8')
      return file.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1)
    }
    expect(await rows({ status: 'pending', search: 'SÍLVA' })).toHaveLength(1)
    expect(await rows({ search: 'ana silva' })).toHaveLength(1)
    expect(await rows({ status: 'pending', search: 'nobody' })).toEqual([])
    expect(await rows({ status: 'approved', search: 'silva' })).toEqual([])
    const tooLong = await callRoute(bulkTimesheets, { cookies: [cookie], query: { search: 'x'.repeat(101) } })
    expect(tooLong.status).toBe(400)
  })

  it('is for supervisors only', async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    expect((await callRoute(bulkTimesheets, { cookies: [staff.cookie] })).status).toBe(403)
    const nonsense = await callRoute(bulkTimesheets, { cookies: [cookie], query: { status: 'nonsense' } })
    expect(nonsense.status).toBe(400)
    expect(nonsense.json.fields).toEqual({ status: 'Status must be all, draft, pending, approved or rejected' })
  })
})

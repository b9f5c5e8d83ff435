import { describe, expect, it } from 'vitest'
import { exportJob } from '@app/functions'
import { unzip } from '../functions/src/workflows/zip.ts'
import { useBrowser } from './browser.ts'
import { api, submitThisWeek } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { supervisorWithSignedInStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()
const PHONE = { width: 375, height: 812 }

describe('Settings → Data → Export all data', () => {
  it('on a 375 px phone a supervisor asks for the export, watches it run, and downloads a zip of the church’s data', async () => {
    const { supervisor, staff, staffName, credentials, member } = await supervisorWithSignedInStaff(newPage, {
      department: 'Music',
    })
    const sheet = await submitThisWeek(member, { mondayStart: '09:00', mondayEnd: '11:30', mondayActivity: 'Choir' })
    // Another church's week, which the zip must not hold.
    const other = await supervisorWithSignedInStaff(newPage, { department: 'Youth' })
    await submitThisWeek(other.member, { mondayStart: '08:00', mondayEnd: '09:00', mondayActivity: 'Other church' })

    await supervisor.setViewportSize(PHONE)
    await supervisor.goto('/settings/data')
    const data = supervisor.getByRole('region', { name: 'Data' })
    await data.getByRole('button', { name: 'Export all data' }).click()
    await data.getByText('Preparing your export...').waitFor()
    await data.getByRole('progressbar').waitFor()
    expect(await supervisor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await expectAccessible(supervisor, 'Settings → Data with an export running at 375 px')

    // The export job (every minute on AWS and on npm start; the test stack runs it when asked).
    expect((await exportJob()).made).toBeGreaterThanOrEqual(1)
    await data.getByText('Your export is ready.').waitFor()
    const link = data.getByRole('link', { name: 'Download the zip (the link lasts 15 minutes)' })
    const href = (await link.getAttribute('href'))!
    expect(href).toMatch(/^http/)

    // What the link downloads: one zip of this church's data, the week and the member in it, the other church not.
    const zip = await fetch(href)
    expect(zip.status).toBe(200)
    expect(zip.headers.get('content-disposition')).toMatch(/attachment; filename=.*-export-\d{4}-\d{2}-\d{2}\.zip/)
    const files = unzip(Buffer.from(await zip.arrayBuffer()))
    const text = (name: string) => files.get(name)!.toString('utf8')
    // The member's submitted week (and the supervisor's own, made when the dashboard first showed it).
    const sheets = JSON.parse(text('timesheets.json')) as { id: number; mondayActivity: string | null }[]
    expect(sheets.map((s) => [s.id, s.mondayActivity])).toContainEqual([sheet.id, 'Choir'])
    expect(sheets.length).toBeLessThanOrEqual(2)
    expect(text('members.csv')).toContain(staff.lastName)
    expect(text('members.json')).not.toContain(credentials.username)
    expect(text('timesheets.csv')).toContain(staffName)
    expect(files.size).toBeGreaterThanOrEqual(12)
    for (const [name, content] of files) {
      expect(content.toString('utf8'), name).not.toContain('Other church')
      expect(content.toString('utf8'), name).not.toContain(other.staff.lastName)
    }
    const settings = await api<{ organizationName: string }>(supervisor, 'GET', '/api/organization/settings')
    expect(JSON.parse(text('organization.json')).name).toBe(settings.organizationName)
  })
})

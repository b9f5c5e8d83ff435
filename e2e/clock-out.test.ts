import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, todayIn, type OrganizationSettings, type Timesheet } from '@app/core'
import { runReminders } from '../functions/src/workflows/reminders.ts'
import { inboxUrl, useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { signInAsStaff, signInAsSupervisor, uniquePerson, type Credentials } from './helpers/sign-in.ts'
import { fitsPhone, PHONE } from './helpers/phone.ts'

const { newPage } = useBrowser()
const HOUR = 3_600_000

interface StoredEmail {
  destination: { to: string[] }
  subject: string
  body: { text?: string }
}
const mailTo = async (email: string) =>
  ((await (await fetch(new URL('store', inboxUrl()))).json()) as { emails: StoredEmail[] }).emails.filter((e) =>
    e.destination.to.includes(email.toLowerCase()),
  )
const clockOutMail = async (email: string) =>
  (await mailTo(email)).filter((e) => /^(Still working\?|Clock-out missing: )/.test(e.subject))

describe('a forgotten clock-out', () => {
  it('on a 375 px phone: the email, the banner and the flag, the supervisor’s alert an hour later, and “I stopped at …”', async () => {
    const supervisorPerson = uniquePerson('pastor')
    const supervisor = await newPage()
    await signInAsSupervisor(supervisor, supervisorPerson)
    const staff = uniquePerson('custodian')
    const added = await api<{ id: string; organizationId: string; temporaryCredentials: Credentials }>(
      supervisor,
      'POST',
      '/api/employees',
      { ...staff, department: 'Facilities', role: 'employee' },
    )
    const page = await newPage(PHONE)
    // The member confirms their address (only then does it get other emails).
    const link = /Confirm: (\S+)/.exec((await mailTo(staff.email))[0]!.body.text!)![1]!
    await page.goto(link)
    await page.getByRole('button', { name: 'Confirm my address' }).click()
    await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor()
    await signInAsStaff(page, added.temporaryCredentials)

    // The first day of the week the member clocked in at 8:00 and never clocked out: long past the
    // 10-hour limit on any later day of the week (on the week's first day, last week's is used, where
    // the banner and the emails are the same and only this week's screens cannot show it).
    const settings = await api<OrganizationSettings>(page, 'GET', '/api/organization/settings')
    expect(settings.clockOutLimitHours).toBe(10)
    const thisWeek = currentWeekStart(settings.timeZone, settings.weekStartDay)
    const inThisWeek = todayIn(settings.timeZone) !== thisWeek
    const week = inThisWeek ? thisWeek : addDays(thisWeek, -7)
    const day = settings.weekStartDay === 'sunday' ? 'Sunday' : 'Monday'
    await api(page, 'POST', '/api/timesheets/save-draft', {
      weekStartDate: week,
      [`${day.toLowerCase()}Start`]: '08:00',
    })

    // The job (every 15 minutes on AWS and on npm start) asks the member once.
    const now = new Date()
    const job = (at: Date) => runReminders({ orgIds: [added.organizationId], now: at })
    await job(now)
    await job(now)
    const asked = await clockOutMail(staff.email)
    expect(asked.map((e) => e.subject)).toEqual(['Still working?'])
    expect(asked[0]!.body.text).toContain(`has been running since 08:00 on ${day}`)
    expect(await clockOutMail(supervisorPerson.email)).toEqual([])

    // The banner on the dashboard, offering the limit's end.
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Still working?' })
    await banner.getByText(/has been running since 08:00, more than 10 hours\./).waitFor()
    expect(await banner.getByLabel(`When you stopped on ${day}`).inputValue()).toBe('18:00')
    const stop = banner.getByRole('button', { name: 'I stopped at 18:00' })
    expect((await stop.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await fitsPhone(page)
    await expectAccessible(page, 'the dashboard asking “Still working?” at 375 px')

    // The flag on the day in the week, where the member enters the end.
    if (inThisWeek) {
      await page.goto('/submit-timesheet')
      await page
        .getByRole('region', { name: day })
        .getByText('Clock-out missing: enter when you stopped (the 10-hour limit was reached at 18:00)')
        .waitFor()
      await fitsPhone(page)
    }

    // An hour after the member's email, the supervisor (the member's approver) is told, once.
    await job(new Date(now.getTime() + HOUR + 60_000))
    await job(new Date(now.getTime() + HOUR + 120_000))
    const told = await clockOutMail(supervisorPerson.email)
    expect(told.map((e) => e.subject)).toEqual([`Clock-out missing: ${staff.firstName} ${staff.lastName}`])

    // One click sets the end, through the member's own save; nothing more is sent after.
    await page.goto('/')
    await page
      .getByRole('region', { name: 'Still working?' })
      .getByRole('button', { name: 'I stopped at 18:00' })
      .click()
    await page.getByText(`${day}: 08:00 to 18:00`, { exact: true }).waitFor()
    await page.getByRole('region', { name: 'Still working?' }).waitFor({ state: 'detached' })
    const list = await api<{ items: Timesheet[] }>(page, 'GET', '/api/timesheets')
    expect(list.items.find((t) => t.weekStartDate === week)).toMatchObject({
      [`${day.toLowerCase()}Start`]: '08:00',
      [`${day.toLowerCase()}End`]: '18:00',
    })
    await job(new Date(now.getTime() + 3 * HOUR))
    expect(await clockOutMail(staff.email)).toHaveLength(1)
    expect(await clockOutMail(supervisorPerson.email)).toHaveLength(1)
  })
})

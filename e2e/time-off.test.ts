import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  addDays,
  currentWeekStart,
  formatDate,
  formatLongDate,
  monthOf,
  todayIn,
  usFederalHolidays,
  type OrganizationSettings,
} from '@app/core'
import { inboxUrl, useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { seriousViolations } from './helpers/axe.ts'
import { signInAsStaff, supervisorWithStaff } from './helpers/sign-in.ts'
import { PHONE, toast } from './helpers/phone.ts'

/**
 * On a 375 px phone: a supervisor sets a policy, a holiday and a blackout date and grants
 * hours; a member asks for vacation (on the blackout date refused with its reason), the supervisor
 * approves it, and the member sees it on their week and their balance go down. A second request is
 * approved from the Approve link of its email in the local inbox, and "Who is off" shows it pending,
 * then approved, in its month grid.
 */
const { newPage } = useBrowser()

/** Nothing of the page is wider than the phone. */
const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

interface StoredEmail {
  destination: { to: string[] }
  subject: string
  body: { text?: string }
}
/** The emails the local inbox holds for `to` whose subject starts with `subject`, oldest first. */
const emailsTo = async (to: string, subject: string) => {
  const store = (await (await fetch(new URL('store', inboxUrl()))).json()) as { emails: StoredEmail[] }
  return store.emails.filter((e) => e.destination.to.includes(to.toLowerCase()) && e.subject.startsWith(subject))
}

describe('time off on a phone', () => {
  // One journey of two people through four screens: more than the project's 120 s on a loaded machine.
  it('goes from policy to approved vacation on the member’s week', { timeout: 240_000 }, async () => {
    const { supervisor, supervisorPerson, credentials, staffName } = await supervisorWithStaff(() => newPage(PHONE), {
      department: 'Music',
    })
    const org = await api<OrganizationSettings>(supervisor, 'GET', '/api/organization/settings')
    const today = todayIn(org.timeZone)
    const week = currentWeekStart(org.timeZone, org.weekStartDay)
    const year = Number(today.slice(0, 4))
    // Two days of this week that are no federal holiday: one for the vacation, one for the church's
    // own holiday (today or later: a holiday before the member joined is not theirs).
    const federal = new Set([year - 1, year, year + 1].flatMap((y) => usFederalHolidays(y).map((h) => h.date)))
    const free = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(week, i)).filter((d) => !federal.has(d))
    const picnicDay = free.filter((d) => d >= today).at(-1)!
    const leaveDay = free.find((d) => d !== picnicDay)!
    const blackoutDay = addDays(week, 21)

    // Settings → Time off: vacation may go negative, capped at 120 hours; a holiday and a blackout date.
    await supervisor.goto('/settings/time-off')
    const section = supervisor.getByRole('region', { name: 'Time off' })
    const vacation = section.getByRole('group', { name: 'Vacation' })
    await vacation.getByLabel('Cap on the balance (hours)').fill('120')
    await vacation.getByLabel('Allow a negative balance').check()
    await section.getByRole('button', { name: 'Save policies' }).click()
    await toast(supervisor, 'The time off policies are saved.').waitFor()

    await section.getByRole('button', { name: `Add US federal holidays for ${year}` }).click()
    const holidays = section.getByRole('group', { name: 'Holidays' })
    expect(await holidays.getByLabel('Holiday', { exact: true }).count()).toBe(11)
    await section.getByRole('button', { name: 'Add holiday' }).click()
    await holidays.getByLabel('Date', { exact: true }).last().fill(picnicDay)
    await holidays.getByLabel('Holiday', { exact: true }).last().fill('Church Picnic')
    await section.getByRole('button', { name: 'Add blackout date' }).click()
    const blackouts = section.getByRole('group', { name: 'Blackout dates' })
    await blackouts.getByLabel('Date', { exact: true }).fill(blackoutDay)
    await blackouts.getByLabel('Reason members see').fill('Easter Sunday')
    await section.getByRole('button', { name: 'Save holidays and blackout dates' }).click()
    await toast(supervisor, 'The holidays and blackout dates are saved.').waitFor()
    const saved = await api<{ holidays: { date: string }[]; blackouts: { reason: string }[] }>(
      supervisor,
      'GET',
      '/api/organization/holidays',
    )
    expect(saved.holidays.map((h) => h.date)).toContain(picnicDay)
    expect(saved.blackouts).toEqual([{ date: blackoutDay, reason: 'Easter Sunday' }])
    expect(await fitsPhone(supervisor)).toBe(true)

    // The supervisor grants 40 hours with a reason.
    await supervisor.goto('/time-off')
    await supervisor.getByLabel('Member', { exact: true }).selectOption({ label: staffName })
    const adjust = supervisor.getByRole('form', { name: 'Adjust a balance' })
    await adjust.getByLabel('Hours', { exact: true }).fill('40')
    await adjust.getByRole('button', { name: 'Save adjustment' }).click()
    await adjust.getByText('Give a reason for the adjustment').waitFor()
    await adjust.getByLabel('Reason').fill('Starting balance')
    await adjust.getByRole('button', { name: 'Save adjustment' }).click()
    await toast(supervisor, 'Balance adjusted').waitFor()
    await supervisor.getByRole('region', { name: 'Ledger' }).getByText('Starting balance').waitFor()

    // The member sees 40 hours on the dashboard, then asks for vacation.
    const member = await newPage(PHONE)
    await signInAsStaff(member, credentials)
    const summary = member.getByRole('region', { name: 'Time off' })
    await summary.getByRole('listitem', { name: 'Vacation' }).getByText('40 h').first().waitFor()
    await summary.getByRole('link', { name: 'Request time off' }).click()
    await member.getByRole('heading', { name: 'Time off', level: 1 }).waitFor()
    const form = member.getByRole('form', { name: 'Request time off' })
    await form.getByLabel('First day').fill(blackoutDay)
    await form.getByRole('button', { name: 'Send request' }).click()
    await form
      .getByRole('alert')
      .getByText(`Time off is not possible on ${formatLongDate(blackoutDay)}: Easter Sunday`)
      .waitFor()

    await form.getByLabel('First day').fill(leaveDay)
    await form.getByLabel('Last day').fill(leaveDay)
    expect(await form.getByLabel('Hours per day').inputValue()).toBe('8')
    await form.getByLabel('Note (optional)').fill('Family visit')
    await form.getByRole('button', { name: 'Send request' }).click()
    await toast(member, 'Request sent').waitFor()
    const mine = member.getByRole('region', { name: 'My requests' })
    const request = mine.getByRole('listitem').filter({ hasText: `Vacation, ${formatDate(leaveDay)}` })
    await request.getByText('Pending').waitFor()
    // A pending request holds its hours.
    const vacationBalance = member
      .getByRole('region', { name: 'My balances' })
      .getByRole('listitem', { name: 'Vacation' })
    await vacationBalance.getByText('32 h').first().waitFor()
    expect(await fitsPhone(member)).toBe(true)
    expect(await seriousViolations(member)).toEqual([])

    // The supervisor approves it from "Waiting for me".
    await supervisor.reload()
    const pending = supervisor.getByRole('region', { name: 'Time off requests' })
    await pending.getByRole('button', { name: 'Waiting for me (1)' }).waitFor()
    await pending.getByLabel('Comments (optional)').fill('Enjoy')
    await pending.getByRole('button', { name: `Approve ${staffName}: Vacation, ${formatDate(leaveDay)}` }).click()
    await toast(supervisor, 'Time off approved').waitFor()
    await pending.getByText('No time off requests are waiting for you.').waitFor()

    // The member sees it approved, on their week beside the church's holiday, and the balance moved.
    await member.reload()
    await request.getByText('Approved').waitFor()
    await request.getByText('Supervisor’s comments: Enjoy').waitFor()
    await vacationBalance.getByText('32 h').first().waitFor()
    await member.goto('/submit-timesheet')
    const lines = member.getByRole('region', { name: 'Paid time off this week' })
    await lines.getByText('Vacation 8 h').waitFor()
    await lines.getByText('Church Picnic 8 h').waitFor()
    expect(await fitsPhone(member)).toBe(true)

    // A second day of this month (the grid opens on it), asked through the API: the form is covered above.
    const taken = new Set([leaveDay, picnicDay, blackoutDay, ...federal])
    const month = monthOf(today)
    const secondDay = [...Array(31).keys()]
      .map((i) => addDays(month.start, i))
      .filter((d) => d <= month.end && !taken.has(d))
      .sort((a, b) => Math.abs(Date.parse(a) - Date.parse(today)) - Math.abs(Date.parse(b) - Date.parse(today)))[0]!
    await api(member, 'POST', '/api/time-off', { kind: 'vacation', from: secondDay, to: secondDay, note: 'Dentist' })

    // "Who is off": a grid of the month, the member's row holding the day as pending; the page stays 375 px wide.
    await supervisor.goto('/time-off')
    const calendar = supervisor.getByRole('region', { name: 'Who is off', exact: true })
    const grid = calendar.getByRole('table')
    const row = grid.getByRole('row').filter({ has: supervisor.getByRole('rowheader', { name: staffName }) })
    await row.getByRole('cell', { name: 'Vacation 8 h, Pending', exact: true }).waitFor()
    expect(await fitsPhone(supervisor)).toBe(true)
    // The grid scrolls inside its own frame, the member's name kept in view.
    const frame = calendar.getByRole('region', { name: /^Who is off in / })
    expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    await frame.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
    const [frameBox, nameBox] = [await frame.boundingBox(), await row.getByRole('rowheader').boundingBox()]
    expect(Math.abs(nameBox!.x - frameBox!.x)).toBeLessThan(4)
    expect(await seriousViolations(supervisor)).toEqual([])

    // The request's email in the local inbox: its Approve link asks first (at 375 px), then approves.
    const subject = `Time off to review: ${staffName}, `
    await expect.poll(async () => (await emailsTo(supervisorPerson.email, subject)).length).toBe(2)
    const email = (await emailsTo(supervisorPerson.email, subject)).at(-1)!
    expect(email.subject).toBe(`${subject}${formatDate(secondDay)}`)
    expect(email.body.text).toContain('Note: Dentist')
    const approveLink = /Approve: (\S+)/.exec(email.body.text!)![1]!
    const confirm = await newPage(PHONE)
    await confirm.goto(approveLink)
    await confirm.getByRole('heading', { name: 'Approve this time off request?' }).waitFor()
    await confirm.getByText(staffName).waitFor()
    await confirm.getByRole('button', { name: 'Approve time off' }).click()
    await confirm.getByRole('heading', { name: 'Time off approved' }).waitFor()
    expect(await fitsPhone(confirm)).toBe(true)

    // The grid shows it approved; the link cannot be used again.
    await supervisor.reload()
    await row.getByRole('cell', { name: 'Vacation 8 h, Approved', exact: true }).first().waitFor()
    expect(await row.getByRole('cell', { name: 'Vacation 8 h, Pending', exact: true }).count()).toBe(0)
    await confirm.goto(approveLink)
    await confirm.getByRole('heading', { name: 'This link was already used' }).waitFor()
  })
})

import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, formatDate, type ListedTimesheet, type OrganizationSettings } from '@app/core'
import { useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { addMember, signedInSupervisor, signInAsStaff, uniquePerson } from './helpers/sign-in.ts'
import { fitsPhone, PHONE, toast } from './helpers/phone.ts'

const { newPage } = useBrowser()

describe('a pay period with a declined week and a draft', () => {
  it('lists them on the Payroll page at 375 px and closes with Close anyway, naming them', async () => {
    const supervisor = await signedInSupervisor(newPage(PHONE))
    const org = await api<OrganizationSettings>(supervisor, 'GET', '/api/organization/settings')
    const thisWeek = currentWeekStart(org.timeZone, org.weekStartDay)
    const week1 = addDays(thisWeek, -14)
    const week2 = addDays(thisWeek, -7)
    const periodName = `${formatDate(week1)} - ${formatDate(addDays(week2, 6))}`
    await api(supervisor, 'PUT', '/api/payroll/settings', { payPeriodFrequency: 'biweekly', payPeriodAnchor: week1 })

    const tyler = { ...uniquePerson('tyler'), lastName: 'Brooks' }
    const ruth = { ...uniquePerson('ruth'), lastName: 'Okafor' }
    const days = { mondayStart: '09:00', mondayEnd: '17:00' }
    const staffPage = async (person: typeof tyler) => {
      const page = await newPage(PHONE)
      await signInAsStaff(page, await addMember(supervisor, { ...person, department: 'Office' }))
      return page
    }
    const tylerPage = await staffPage(tyler)
    const ruthPage = await staffPage(ruth)
    // Tyler: week 1 approved, week 2 declined. Ruth: week 1 approved, week 2 a draft never submitted.
    for (const [page, week] of [
      [tylerPage, week1],
      [tylerPage, week2],
      [ruthPage, week1],
    ] as const) {
      const sheet = await api<ListedTimesheet>(page, 'POST', '/api/timesheets', { weekStartDate: week, ...days })
      const decision =
        week === week2 ? { status: 'rejected', comments: 'Monday needs its break' } : { status: 'approved' }
      await api(supervisor, 'PATCH', `/api/timesheets/${sheet.id}/status`, decision)
    }
    await api(ruthPage, 'POST', '/api/timesheets/save-draft', { weekStartDate: week2, ...days })

    await supervisor.goto('/payroll')
    const period = supervisor.getByRole('region', { name: periodName })
    const tylerLine = `${tyler.firstName} Brooks, week of ${formatDate(week2)}: declined`
    const ruthLine = `${ruth.firstName} Okafor, week of ${formatDate(week2)}: draft, not submitted`
    await period.getByText('Declined or draft (2)').waitFor()
    expect(await period.getByText(tylerLine).isVisible()).toBe(true)
    expect(await period.getByText(ruthLine).isVisible()).toBe(true)
    await fitsPhone(supervisor)
    await expectAccessible(supervisor, 'the Payroll page with declined and draft weeks')

    // Each line opens its week.
    await period.getByRole('button', { name: `View week: ${tylerLine}` }).click()
    const review = supervisor.getByRole('dialog', { name: 'View Timesheet Submission' })
    await review.getByText('Monday needs its break').first().waitFor()
    await review.getByRole('button', { name: 'Close', exact: true }).first().click()
    await review.waitFor({ state: 'hidden' })

    // Close is refused for them, and offers Close anyway, which names them.
    await period.getByRole('button', { name: 'Close period' }).click()
    const confirm = supervisor.getByRole('dialog', { name: 'Close pay period' })
    await confirm.getByRole('button', { name: 'Close period' }).click()
    const alert = confirm.getByRole('alert')
    await alert.getByText('These weeks are not approved. Close anyway locks them as they are, unpaid:').waitFor()
    expect(await alert.getByText(tylerLine).isVisible()).toBe(true)
    expect(await alert.getByText(ruthLine).isVisible()).toBe(true)
    await fitsPhone(supervisor)
    await expectAccessible(supervisor, 'Close pay period with declined and draft weeks')
    await confirm.getByRole('button', { name: 'Close anyway' }).click()
    await toast(supervisor, `${periodName} is closed; its timesheets are locked.`).waitFor()
    await period.getByText('Closed', { exact: true }).waitFor()
    await period.getByText('Closed unpaid (declined or draft) (2)').waitFor()
    expect(await period.getByText(tylerLine).isVisible()).toBe(true)
    expect(await period.getByText(ruthLine).isVisible()).toBe(true)
    // The two approved 8-hour weeks only: the declined week and the draft are not paid.
    const approved = period.getByText('Approved hours', { exact: true }).locator('xpath=following-sibling::dd')
    expect(await approved.textContent()).toBe('16.00')
  }, 180_000)
})

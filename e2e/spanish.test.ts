import { describe, expect, it } from 'vitest'
import { dayOfDate, todayIn, type OrganizationSettings } from '@app/core'
import { resources } from '@app/i18n/resources'
import { useBrowser } from './browser.ts'
import { expectAccessible } from './helpers/axe.ts'
import { addMember, signedInSupervisor, uniquePerson } from './helpers/sign-in.ts'
import { fitsPhone, PHONE, toast } from './helpers/phone.ts'

const { newPage } = useBrowser()
/** A browser that prefers Mexican Spanish: navigator.languages and Accept-Language say so. */
const SPANISH = { locale: 'es-MX' }
const es = resources.es

describe('the staff journey in Spanish', () => {
  it(
    'shows the landing page and the staff login in Spanish, then walks the weekly timesheet',
    { timeout: 150_000 },
    async () => {
      const supervisorPage = await signedInSupervisor(newPage())
      const credentials = await addMember(supervisorPage, {
        ...uniquePerson('staff'),
        department: 'Worship',
        role: 'employee',
      })

      const page = await newPage(PHONE, SPANISH)
      await page.goto('/')
      await page.getByRole('heading', { name: es.public.landing.heading }).waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es')
      expect(await page.getByLabel('Idioma').inputValue()).toBe('es')
      await fitsPhone(page)
      await expectAccessible(page, 'the landing page in Spanish')

      await page.getByRole('link', { name: es.public.landing.staffLogin }).click()
      await page.getByRole('heading', { name: es.public.staffLogin.title }).waitFor()
      await page.getByRole('button', { name: es.public.staffLogin.signIn }).click()
      await page.getByText(es.public.staffLogin.usernameRequired).waitFor()
      await fitsPhone(page)
      await expectAccessible(page, 'the staff login in Spanish')
      await page.getByLabel(es.public.staffLogin.username).fill(credentials.username)
      await page.getByLabel(es.public.staffLogin.password).fill(credentials.password)
      await page.getByRole('button', { name: es.public.staffLogin.signIn }).click()

      // Signed in, the member's screens keep the language their browser asked for.
      const thisWeek = page.getByRole('region', { name: es.staff.card.title })
      await thisWeek.getByRole('link', { name: es.staff.card.start }).waitFor()
      const settings = await page.evaluate(async () => {
        const res = await fetch('/api/organization/settings', { credentials: 'include' })
        return (await res.json()) as OrganizationSettings
      })
      const todayName = dayOfDate(todayIn(settings.timeZone))
      const today = es.common.days[todayName]
      await fitsPhone(page)
      await expectAccessible(page, 'the staff dashboard in Spanish')

      await thisWeek.getByRole('button', { name: `${es.staff.timer.clockIn} ${today}` }).click()
      await toast(page, es.staff.toast.clockedIn).waitFor()
      await page
        .getByText(new RegExp(`^Comenzó a trabajar a las .+ el ${es.common.weekdays[todayName]}$`))
        .first()
        .waitFor()
      await thisWeek.getByRole('button', { name: `${es.staff.timer.clockOut} ${today}` }).click()
      await toast(page, es.staff.toast.clockedOut).waitFor()

      // The weekly dialog: another day typed in, saved, then submitted.
      await thisWeek.getByRole('button', { name: es.staff.card.continue }).click()
      const dialog = page.getByRole('dialog', { name: /^Hoja de horas semanal - / })
      await dialog.waitFor()
      const other = todayName === 'monday' ? 'tuesday' : 'monday'
      const otherDay = dialog.getByRole('region', { name: es.common.days[other] })
      await otherDay.getByLabel(es.staff.fields.startTime, { exact: true }).fill('09:00')
      await otherDay.getByLabel(es.staff.fields.endTime, { exact: true }).fill('11:00')
      await otherDay.getByLabel(es.staff.fields.activity).fill('Ensayo del coro')
      expect(await dialog.getByTestId('week-total').textContent()).toMatch(/^\d+,\d horas$/)
      await expectAccessible(page, 'the weekly dialog in Spanish')

      await dialog.getByRole('button', { name: es.staff.weeklyDialog.save }).click()
      await toast(page, es.staff.toast.saved).waitFor()
      await dialog.getByRole('button', { name: es.staff.weeklyDialog.submit }).click()
      await toast(page, es.staff.toast.submitted).waitFor()
      await dialog.waitFor({ state: 'hidden' })
      await thisWeek.getByText(es.common.status.pending).waitFor()

      // Submitted, the week opens read-only and says why, in Spanish.
      await thisWeek.getByRole('button', { name: es.staff.card.view }).click()
      await dialog.getByText(es.staff.weeklyDialog.lockedWhy.pending).waitFor()
      expect(await dialog.getByRole('button', { name: es.staff.weeklyDialog.submit }).count()).toBe(0)
      await fitsPhone(page)
      await expectAccessible(page, 'a submitted week in Spanish')
    },
  )

  it('shows a long organization name whole in the header at 1280 px', async () => {
    const page = await signedInSupervisor(newPage({ width: 1280, height: 800 }))
    const name = 'Margaret O’Brien Memorial Church'
    const saved = await page.evaluate(async (organizationName) => {
      const res = await fetch('/api/organization/settings', {
        method: 'PUT',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ organizationName }),
      })
      return res.status
    }, name)
    expect(saved).toBe(200)
    await page.reload()
    const shown = page.getByRole('banner').getByText(name, { exact: true })
    await shown.waitFor()
    const fits = await shown.evaluate((el) => ({
      name: el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
      header: document.querySelector('header')!.scrollWidth <= document.querySelector('header')!.clientWidth,
    }))
    expect(fits).toEqual({ name: true, header: true })
  })
})

import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useBrowser } from './browser.ts'
import { api, call, submitThisWeek } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { fitsPhone, PHONE } from './helpers/phone.ts'
import * as signIn from './helpers/sign-in.ts'

const { newPage } = useBrowser()

describe('campuses', () => {
  it("on a 375 px phone: members start at the first campus, the South admin's day shows South's people only, the whole-church supervisor filters by campus", async () => {
    // The whole-church supervisor sets up North and South in Settings → Campuses.
    const pastor = await signIn.signedInSupervisor(newPage(PHONE))
    // A member the church had before its campuses.
    const ezra = signIn.uniquePerson('ezra')
    await signIn.addMember(pastor, { ...ezra, department: 'Music' })
    await pastor.goto('/settings/campuses')
    const section = pastor.getByRole('region', { name: 'Campuses' })
    await section.getByText('No campuses: the church meets in one place.').waitFor()
    for (const name of ['North', 'South']) {
      await section.getByRole('button', { name: 'Add campus' }).click()
      await section.getByLabel('Name').fill(name)
      // The first campus says, before it is saved, that the church's members start at it.
      if (name === 'North') {
        await section
          .getByText('The church’s 2 members without a campus will start at this campus when you save it.')
          .waitFor()
        await expectAccessible(pastor, 'the first campus, before it is saved, at 375 px')
      }
      await section.getByRole('button', { name: 'Add campus' }).click()
      await section.getByRole('list', { name: 'Campuses' }).getByText(name, { exact: true }).waitFor()
    }
    await fitsPhone(pastor)
    await expectAccessible(pastor, 'Settings → Campuses at 375 px')
    expect(await section.getByText(/no campus yet/).count()).toBe(0)
    const { campuses } = await api<{ campuses: { id: string; name: string }[] }>(
      pastor,
      'GET',
      '/api/organization/campuses',
    )
    const north = campuses.find((c) => c.name === 'North')!.id
    const south = campuses.find((c) => c.name === 'South')!.id
    const members = await api<{ lastName: string; campusId?: string }[]>(pastor, 'GET', '/api/employees')
    expect(members.find((m) => m.lastName === ezra.lastName)?.campusId).toBe(north)

    // A member at each campus submits this week; a South-only admin is invited.
    const nora = signIn.uniquePerson('nora')
    const sara = signIn.uniquePerson('sara')
    const week = { mondayStart: '09:00', mondayEnd: '12:00', mondayActivity: 'Visits' }
    const northSheet = await submitThisWeek(
      await staffPage(await signIn.addMember(pastor, { ...nora, department: 'Youth', campusId: north })),
      week,
    )
    await submitThisWeek(
      await staffPage(await signIn.addMember(pastor, { ...sara, department: 'Care', campusId: south })),
      week,
    )
    const sol = signIn.uniquePerson('sol')
    await signIn.addMember(pastor, {
      ...sol,
      department: 'Admin',
      role: 'supervisor',
      campusId: south,
      campusIds: [south],
    })

    // The South admin joins on their phone.
    const phone = await newPage(PHONE)
    await signIn.signInAtProvider(phone, sol)
    await phone.getByRole('button', { name: /^Join / }).click()
    await phone.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await phone.getByText(sara.lastName).first().waitFor()
    expect(await phone.getByRole('main').getByText(nora.lastName).count()).toBe(0)
    // One campus: nothing to choose, the server keeps them to South.
    expect(await phone.getByLabel('Campus', { exact: true }).count()).toBe(0)
    await fitsPhone(phone)
    await expectAccessible(phone, "the South admin's dashboard at 375 px")

    /** One of the admin's pages at `path`, under its heading: South's Sara, never North's Nora. */
    const southOnly = async (path: string, heading: string) => {
      await phone.goto(path)
      await phone.getByRole('heading', { name: heading }).waitFor()
      await expectOnly(phone, sara, nora)
      await fitsPhone(phone)
    }
    // Their reports and payroll are South's.
    await southOnly('/reports', 'Reports & Analytics')
    await phone.goto('/payroll')
    await phone.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor()
    await phone.getByRole('list', { name: 'Pay periods' }).waitFor()
    expect(await phone.getByRole('main').getByText(nora.lastName).count()).toBe(0)
    await fitsPhone(phone)

    await southOnly('/employees', 'Member Management')

    // Campuses are the whole church's to change: the page says so and offers no change.
    await phone.goto('/settings/campuses')
    await phone.getByText('Only a supervisor of the whole church changes the campuses.').waitFor()
    expect(await phone.getByRole('button', { name: 'Add campus' }).count()).toBe(0)
    await fitsPhone(phone)

    // North's week is not found for them, as another church's.
    expect((await call(phone, 'GET', `/api/timesheets/${northSheet.id}/history`)).status).toBe(404)
    expect((await call(phone, 'PATCH', `/api/timesheets/${northSheet.id}/status`, { status: 'approved' })).status).toBe(
      404,
    )

    // The whole-church supervisor chooses a campus on the dashboard, Reports and Payroll; a reload keeps it.
    await pastor.goto('/')
    await pastor.getByText(sara.lastName).first().waitFor()
    await pastor.getByText(nora.lastName).first().waitFor()
    await pastor.getByLabel('Campus', { exact: true }).selectOption({ label: 'North' })
    await pastor.waitForURL((url) => url.searchParams.get('campus') === north)
    await expectOnly(pastor, nora, sara)
    await pastor.reload()
    expect(await pastor.getByLabel('Campus', { exact: true }).inputValue()).toBe(north)
    await expectOnly(pastor, nora, sara)
    await fitsPhone(pastor)
    await expectAccessible(pastor, "the dashboard's campus filter at 375 px")

    await pastor.goto('/reports')
    await pastor.getByRole('heading', { name: 'Reports & Analytics' }).waitFor()
    await pastor.getByLabel('Campus', { exact: true }).selectOption({ label: 'South' })
    await pastor.waitForURL((url) => url.searchParams.get('campus') === south)
    await expectOnly(pastor, sara, nora)
    await fitsPhone(pastor)
    await expectAccessible(pastor, "Reports' campus filter at 375 px")

    await pastor.goto(`/payroll?campus=${north}`)
    await pastor.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor()
    expect(await pastor.getByLabel('Campus', { exact: true }).inputValue()).toBe(north)
    const file = pastor.getByRole('link', { name: /CSV/ }).first()
    await file.waitFor()
    expect(new URL((await file.getAttribute('href'))!, 'http://x').searchParams.get('campusId')).toBe(north)
    await expectOnly(pastor, nora, sara)
    await fitsPhone(pastor)
    await expectAccessible(pastor, "Payroll's campus filter at 375 px")
  })
})

/**
 * The page shows `shown`'s name, and not `hidden`'s. Only the page's main content counts: the
 * charts keep an off-screen, aria-hidden span of the last label they measured on the body.
 */
const expectOnly = async (page: Page, shown: signIn.Person, hidden: signIn.Person) => {
  const main = page.getByRole('main')
  await main.getByText(shown.lastName).first().waitFor()
  await expect.poll(() => main.getByText(hidden.lastName).count()).toBe(0)
}

/** A staff member signed in on a page of their own. */
const staffPage = async (credentials: { username: string; password: string }) => {
  const page = await newPage()
  await signIn.signInAsStaff(page, credentials)
  return page
}

import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useBrowser } from './browser.ts'
import { api, call, submitThisWeek } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { fitsPhone, PHONE } from './helpers/phone.ts'
import { addMember, signInAsStaff, signInAsSupervisor, uniquePerson, type Person } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

/** The local identity provider's page, as a person fills it in; the app takes it from there. */
const signInAtProvider = async (page: Page, person: Person) => {
  await page.goto('/api/login')
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('First name').fill(person.firstName)
  await page.getByLabel('Last name').fill(person.lastName)
  await page.getByRole('button', { name: 'Continue' }).click()
}

describe('campuses', () => {
  it("on a 375 px phone, the South admin's day shows South's people only", async () => {
    // The whole-church supervisor sets up North and South in Settings → Campuses.
    const pastor = await newPage(PHONE)
    await signInAsSupervisor(pastor, uniquePerson('pastor'))
    await pastor.goto('/settings/campuses')
    const section = pastor.getByRole('region', { name: 'Campuses' })
    await section.getByText('No campuses: the church meets in one place.').waitFor()
    for (const name of ['North', 'South']) {
      await section.getByRole('button', { name: 'Add campus' }).click()
      await section.getByLabel('Name').fill(name)
      await section.getByRole('button', { name: 'Add campus' }).click()
      await section.getByRole('list', { name: 'Campuses' }).getByText(name, { exact: true }).waitFor()
    }
    await fitsPhone(pastor)
    await expectAccessible(pastor, 'Settings → Campuses at 375 px')
    const { campuses } = await api<{ campuses: { id: string; name: string }[] }>(
      pastor,
      'GET',
      '/api/organization/campuses',
    )
    const north = campuses.find((c) => c.name === 'North')!.id
    const south = campuses.find((c) => c.name === 'South')!.id

    // A member at each campus submits this week; a South-only admin is invited.
    const nora = uniquePerson('nora')
    const sara = uniquePerson('sara')
    const week = { mondayStart: '09:00', mondayEnd: '12:00', mondayActivity: 'Visits' }
    const northSheet = await submitThisWeek(
      await staffPage(await addMember(pastor, { ...nora, department: 'Youth', campusId: north })),
      week,
    )
    await submitThisWeek(
      await staffPage(await addMember(pastor, { ...sara, department: 'Care', campusId: south })),
      week,
    )
    const sol = uniquePerson('sol')
    await addMember(pastor, {
      ...sol,
      department: 'Admin',
      role: 'supervisor',
      campusId: south,
      campusIds: [south],
    })

    // The South admin joins on their phone.
    const phone = await newPage(PHONE)
    await signInAtProvider(phone, sol)
    await phone.getByRole('button', { name: /^Join / }).click()
    await phone.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await phone.getByText(sara.lastName).first().waitFor()
    expect(await phone.getByText(nora.lastName).count()).toBe(0)
    await fitsPhone(phone)
    await expectAccessible(phone, "the South admin's dashboard at 375 px")

    await phone.goto('/employees')
    await phone.getByRole('heading', { name: 'Member Management' }).waitFor()
    await phone.getByText(sara.lastName).first().waitFor()
    expect(await phone.getByText(nora.lastName).count()).toBe(0)
    await fitsPhone(phone)

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
  })
})

/** A staff member signed in on a page of their own. */
const staffPage = async (credentials: { username: string; password: string }) => {
  const page = await newPage()
  await signInAsStaff(page, credentials)
  return page
}

import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { timeInZone, type PunchAnswer, type TimesheetAnswer } from '@app/core'
import { useBrowser } from './browser.ts'
import { api, call } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { addMember, signInAsStaff, signInAsSupervisor, supervisorWithStaff, uniquePerson } from './helpers/sign-in.ts'
import { openEditMember } from './helpers/members.ts'

const { newPage } = useBrowser()
const PHONE = { width: 375, height: 812 }
const TABLET = { width: 1024, height: 768 }

const fits = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

/** Taps the PIN's digits on the kiosk's pad. */
const tapPin = async (page: Page, pin: string) => {
  const pad = page.getByRole('group', { name: 'PIN pad' })
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click()
}

/** A member picks their name on the kiosk and types their PIN. */
const chooseWithPin = async (kiosk: Page, name: string, pin: string) => {
  await kiosk
    .getByRole('list', { name: 'Members' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click()
  await tapPin(kiosk, pin)
}

/** The connection drops, then a member punches with their PIN: the punch is kept on the tablet. Answers when it was made. */
const punchOffline = async (kiosk: Page, name: string, pin: string, action: 'Clock In' | 'Clock Out') => {
  await kiosk.context().setOffline(true)
  await kiosk.getByText(/^Offline: punches are saved on this tablet/).waitFor()
  await chooseWithPin(kiosk, name, pin)
  const madeAt = Date.now()
  await kiosk.getByRole('button', { name: action, exact: true }).click()
  await kiosk
    .getByText('Saved on this tablet: it is sent as soon as the connection is back.', { exact: true })
    .waitFor()
  return madeAt
}

/** One punch as a member does it: their name, the PIN, then Clock In or Clock Out; the server's answer. */
const punchAtKiosk = async (kiosk: Page, name: string, pin: string, action: 'Clock In' | 'Clock Out') => {
  await chooseWithPin(kiosk, name, pin)
  const answer = kiosk.waitForResponse((r) => r.url().endsWith('/api/kiosk/punch'))
  await kiosk.getByRole('button', { name: action, exact: true }).click()
  return (await (await answer).json()) as PunchAnswer
}

describe('the kiosk on a shared tablet', () => {
  it('is set up in Settings, clocks a member in and out with their PIN, keeps a punch through a dropped connection, opens nothing else, and locks a PIN after five wrong ones', async () => {
    const { supervisor, staff, credentials } = await supervisorWithStaff(newPage, { department: 'Custodial' })
    const staffKioskName = `${staff.firstName} ${staff.lastName[0]}.`

    // A supervisor sets a second member's PIN in Employees → Edit.
    const other = uniquePerson('volunteer')
    await addMember(supervisor, { ...other, department: 'Kitchen', role: 'volunteer' })
    const edit = await openEditMember(supervisor, `${other.firstName} ${other.lastName}`)
    await edit.getByLabel('New PIN').fill('135790')
    await edit.getByRole('button', { name: 'Set PIN' }).click()
    await supervisor.getByText(`${other.firstName} ${other.lastName}’s PIN has been set.`).first().waitFor()
    await edit.getByRole('button', { name: 'Cancel' }).click()

    // The member sets their own PIN on their Profile, on a phone.
    const member = await newPage(PHONE)
    await signInAsStaff(member, credentials)
    await member.goto('/profile')
    const pinCard = member.getByRole('form', { name: 'Kiosk PIN' })
    await pinCard.getByLabel('New PIN').fill('12')
    await pinCard.getByRole('button', { name: 'Save PIN' }).click()
    await pinCard.getByText('PIN must be 4 to 6 digits').waitFor()
    await pinCard.getByLabel('New PIN').fill('4821')
    await pinCard.getByRole('button', { name: 'Save PIN' }).click()
    await member.getByText('Use it at the kiosk to clock in and out.').first().waitFor()
    await fits(member, PHONE.width)

    // The supervisor turns this browser, a tablet, into the kiosk 'Front desk'.
    await supervisor.setViewportSize(TABLET)
    await supervisor.goto('/settings/kiosks')
    const section = supervisor.getByRole('region', { name: 'Kiosk' })
    await section.getByLabel('Kiosk name').fill('Front desk')
    await section.getByRole('button', { name: 'Use this device as a kiosk' }).click()
    // The app's own dialog asks first (no browser confirm()).
    const asked = supervisor.getByRole('alertdialog', { name: 'Use this device as a kiosk?' })
    await asked.getByText('This browser will become the kiosk “Front desk”', { exact: false }).waitFor()
    await expectAccessible(supervisor, 'the kiosk’s confirmation dialog')
    await asked.getByRole('button', { name: 'Use as kiosk' }).click()
    await supervisor.waitForURL('**/kiosk')
    const kiosk = supervisor
    await kiosk.getByRole('heading', { name: 'Clock in or out' }).waitFor()
    await fits(kiosk, TABLET.width)
    await expectAccessible(kiosk, 'the kiosk’s names')

    // Search finds the member; three taps and the PIN clock them in.
    await kiosk.getByLabel('Find your name').fill(staff.firstName.toLowerCase())
    expect(await kiosk.getByRole('list', { name: 'Members' }).getByRole('button').count()).toBe(1)
    await kiosk.getByLabel('Find your name').fill('')
    const clockIn = await punchAtKiosk(kiosk, staffKioskName, '4821', 'Clock In')
    expect(clockIn).toMatchObject({ action: 'in', firstName: staff.firstName })
    const confirmation = kiosk.getByTestId('kiosk-confirmation')
    expect(await confirmation.textContent()).toMatch(
      new RegExp(`^Clocked in at \\d{1,2}:\\d\\d.*, ${staff.firstName}$`),
    )
    // Said aloud too, from the live region.
    expect(await kiosk.getByRole('status').filter({ hasText: 'Clocked in at' }).count()).toBe(1)
    await expectAccessible(kiosk, 'the kiosk’s confirmation')
    // Back to the names by itself after 5 seconds, the member now shown as clocked in.
    await confirmation.waitFor({ state: 'detached', timeout: 8000 })
    await kiosk
      .getByRole('list', { name: 'Members' })
      .getByRole('button', { name: `${staffKioskName} Clocked in` })
      .waitFor()

    const clockOut = await punchAtKiosk(kiosk, staffKioskName, '4821', 'Clock Out')
    expect(clockOut).toMatchObject({ action: 'out', firstName: staff.firstName })
    expect(await confirmation.textContent()).toMatch(/^Clocked out at /)
    await kiosk.getByRole('button', { name: 'Done' }).click()

    // The member's week shows those times.
    const week = await api<TimesheetAnswer>(member, 'GET', '/api/timesheets/current-week')
    const day = Object.entries(week)
      .find(([k, v]) => k.endsWith('Start') && v === clockIn.time)?.[0]
      .replace(/Start$/, '')
    expect(day).toBeDefined()
    expect(week).toMatchObject({ [`${day}Start`]: clockIn.time, [`${day}End`]: clockOut.time })
    await member.goto('/submit-timesheet')
    const today = member
      .getByRole('form', { name: 'Weekly timesheet' })
      .getByRole('region', { name: day![0]!.toUpperCase() + day!.slice(1) })
    expect(await today.getByLabel('Start Time', { exact: true }).inputValue()).toBe(clockIn.time)
    expect(await today.getByLabel('End Time', { exact: true }).inputValue()).toBe(clockOut.time)

    // The kiosk's session opens nothing else.
    expect((await call(kiosk, 'GET', '/api/employees')).status).toBe(403)
    expect((await call(kiosk, 'GET', '/api/timesheets')).status).toBe(403)

    // The connection drops: the other member's punch is kept on the tablet, then sent with its time.
    const otherName = `${other.firstName} ${other.lastName[0]}.`
    const madeAt = await punchOffline(kiosk, otherName, '135790', 'Clock In')
    expect(await confirmation.textContent()).toMatch(new RegExp(`^Clocked in at .+, ${other.firstName}$`))
    await kiosk.getByText(/1 punch waiting to be sent/).waitFor()
    await kiosk.getByRole('button', { name: 'Done' }).click()
    const synced = kiosk.waitForResponse((r) => r.url().endsWith('/api/kiosk/punch'))
    await kiosk.context().setOffline(false)
    const sent = await synced
    expect(sent.status()).toBe(200)
    const at = Date.parse((sent.request().postDataJSON() as { at: string }).at)
    expect(at).toBeGreaterThanOrEqual(madeAt - 1000)
    expect(at).toBeLessThan(Date.now())
    await kiosk.getByText(/punch waiting/).waitFor({ state: 'detached' })
    const listed = await api<{ id: string; firstName: string; clockedIn: boolean }[]>(
      kiosk,
      'GET',
      '/api/kiosk/members',
    )
    expect(listed.find((m) => m.firstName === other.firstName)?.clockedIn).toBe(true)

    // Five wrong PINs (typed on a keyboard this time) lock the other member's PIN, even the right one.
    await kiosk
      .getByRole('list', { name: 'Members' })
      .getByRole('button', { name: new RegExp(`^${otherName}`) })
      .click()
    // The PIN field has the focus, empty and ready, whenever the pad is shown afresh.
    const pinReady = () =>
      kiosk.waitForFunction(() => {
        const field = document.activeElement
        return field instanceof HTMLInputElement && field.type === 'password' && field.value === '' && !field.disabled
      })
    for (let i = 0; i < 5; i++) {
      await pinReady()
      const answered = kiosk.waitForResponse((r) => r.url().endsWith('/api/kiosk/punch'))
      await kiosk.keyboard.type('0000')
      await kiosk.keyboard.press('Enter')
      expect((await answered).status()).toBe(401)
      await kiosk.getByRole('alert').filter({ hasText: 'Wrong PIN. Try again.' }).waitFor()
    }
    await pinReady()
    await tapPin(kiosk, '135790')
    await kiosk.getByRole('button', { name: 'Clock Out', exact: true }).click()
    await kiosk
      .getByRole('alert')
      .filter({ hasText: /^Too many wrong PINs/ })
      .waitFor()
    await expectAccessible(kiosk, 'the kiosk’s PIN pad with its message')
    await kiosk.getByRole('button', { name: 'Back to names' }).click()
    await kiosk.getByLabel('Find your name').waitFor()
    // The same screen works on a phone.
    await kiosk.setViewportSize(PHONE)
    await fits(kiosk, PHONE.width)
  })

  it('shows every time in the organization’s zone, online and offline, on a tablet whose clock is in another zone (375 px)', async () => {
    // The tablet is in Tokyo; the organization is in Denver.
    const kiosk = await newPage(PHONE, { timezoneId: 'Asia/Tokyo' })
    const person = uniquePerson('pastor')
    await signInAsSupervisor(kiosk, person)
    await api(kiosk, 'PUT', '/api/organization/settings', {
      organizationName: 'Grace Chapel',
      timeZone: 'America/Denver',
    })
    const member = uniquePerson('staff')
    const added = await api<{ id: string }>(kiosk, 'POST', '/api/employees', {
      ...member,
      department: 'Kitchen',
      role: 'employee',
    })
    await api(kiosk, 'PUT', `/api/employees/${added.id}/pin`, { pin: '482915' })
    const name = `${member.firstName} ${member.lastName[0]}.`
    // HH:MM on the 24-hour clock, as the product writes times.
    const denver = (at: number) => timeInZone(new Date(at), 'America/Denver')

    await kiosk.goto('/settings/kiosks')
    const section = kiosk.getByRole('region', { name: 'Kiosk' })
    await section.getByLabel('Kiosk name').fill('Hall')
    await section.getByRole('button', { name: 'Use this device as a kiosk' }).click()
    await kiosk
      .getByRole('alertdialog', { name: 'Use this device as a kiosk?' })
      .getByRole('button', { name: 'Use as kiosk' })
      .click()
    await kiosk.waitForURL('**/kiosk')
    // The kiosk has read (and kept) its organization's zone before the connection drops.
    await kiosk.waitForResponse((r) => r.url().endsWith('/api/kiosk') && r.ok())

    // Online: the server's time, in Denver.
    const before = Date.now()
    const clockIn = await punchAtKiosk(kiosk, name, '482915', 'Clock In')
    const confirmation = kiosk.getByTestId('kiosk-confirmation')
    expect([denver(before), denver(Date.now())]).toContain(
      (await confirmation.textContent())!.replace(/\s/g, ' ').replace(/^Clocked in at (.+), .+$/, '$1'),
    )
    expect(clockIn.action).toBe('in')
    await kiosk.getByRole('button', { name: 'Done' }).click()

    // Offline: the tablet's own clock, still told in Denver's time, not Tokyo's.
    const madeAt = await punchOffline(kiosk, name, '482915', 'Clock Out')
    const shown = (await confirmation.textContent())!.replace(/\s/g, ' ').replace(/^Clocked out at (.+), .+$/, '$1')
    expect([denver(madeAt), denver(Date.now())]).toContain(shown)
    await fits(kiosk, PHONE.width)
    await expectAccessible(kiosk, 'the kiosk’s offline confirmation at 375 px')
    await kiosk.getByRole('button', { name: 'Done' }).click()
    const synced = kiosk.waitForResponse((r) => r.url().endsWith('/api/kiosk/punch'))
    await kiosk.context().setOffline(false)
    expect((await synced).status()).toBe(200)
    await kiosk.getByText(/punch waiting/).waitFor({ state: 'detached' })
  })
})

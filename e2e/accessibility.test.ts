import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { dayLabel, dayOfDate, todayIn, type OrganizationSettings } from '@app/core'
import { useBrowser } from './browser.ts'
import { api } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { expectFocusStays, tabTo } from './helpers/keyboard.ts'
import { addMember, signInAsStaff, signInAsSupervisor, type Person, uniquePerson } from './helpers/sign-in.ts'
import { PHONE, toast } from './helpers/phone.ts'

const { newPage } = useBrowser()
const DESKTOP = { width: 1280, height: 800 }
const WIDTHS = [DESKTOP, PHONE]

/** A screen: where it is and what shows it is there (its main heading, or what it waits for). */
interface Screen {
  path: string
  ready: (page: Page) => Promise<void>
}
const heading = (path: string, name: string | RegExp): Screen => ({
  path,
  ready: (page) => page.getByRole('heading', { name, level: 1 }).first().waitFor(),
})

/**
 * Goes to a path as a link inside the app would (the router follows the history), so the
 * signed-in page and axe stay loaded; the first visit loads the app.
 */
async function visit(page: Page, path: string) {
  if (!page.url().startsWith('http')) return void (await page.goto(path))
  await page.evaluate((to) => {
    history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

/** Every screen at desktop width and at 375 px, on one page: zero serious or critical findings. */
async function checkScreens(page: Page, screens: Screen[], who: string) {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport)
    for (const screen of screens) {
      await visit(page, screen.path)
      await screen.ready(page)
      await expectAccessible(page, `${screen.path} (${who}, ${viewport.width} px)`)
    }
  }
}

/** What a dialog or menu shows now, at both widths. */
async function checkBothWidths(page: Page, where: string) {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport)
    await expectAccessible(page, `${where} (${viewport.width} px)`)
  }
  await page.setViewportSize(DESKTOP)
}

describe('accessibility (axe-core) and keyboard use', () => {
  it('finds nothing serious on the public screens', { timeout: 120_000 }, async () => {
    const page = await newPage()
    // The sign-in redirects leave the screen in place while it is checked.
    await page.route('**/api/login**', (route) => route.abort())
    await checkScreens(
      page,
      [
        heading('/', 'Weekly timesheets for churches and ministry teams'),
        heading('/pricing', 'Plans for every ministry'),
        heading('/staff-login', 'Staff Login'),
        heading('/staff-guide', 'Staff guide'),
        heading('/auth-guide', 'How signing in works'),
        heading('/auth-required', 'Authentication Required'),
        heading('/demo', 'Try the demo'),
        heading('/no-such-page', '404 Page Not Found'),
      ],
      'signed out',
    )
  })

  // One organization for the rest: a supervisor and a staff member, each signed in once.
  const supervisorPerson: Person = uniquePerson('pastor')
  const staffPerson: Person = uniquePerson('staff')
  let supervisor: Page
  let staff: Page

  it('walks the staff journey by keyboard alone: clock in and out, save, submit', async () => {
    supervisor = await newPage()
    await signInAsSupervisor(supervisor, supervisorPerson)
    const credentials = await addMember(supervisor, { ...staffPerson, department: 'Worship', role: 'employee' })
    staff = await newPage()
    await signInAsStaff(staff, credentials)

    const settings = await api<OrganizationSettings>(staff, 'GET', '/api/organization/settings')
    const today = dayLabel[dayOfDate(todayIn(settings.timeZone))]
    const keys = staff.keyboard

    // Clock in on the dashboard’s Current Week card.
    const thisWeek = staff.getByRole('region', { name: 'Current Week Timesheet' })
    await tabTo(staff, thisWeek.getByRole('button', { name: `Clock In ${today}` }))
    await keys.press('Enter')
    await toast(staff, 'Clocked In').waitFor()
    // A week in progress: the green 'Continue Timesheet', the running clock and the card.
    await staff.getByRole('button', { name: 'Continue Timesheet' }).waitFor()
    await checkBothWidths(staff, 'the staff dashboard with a week in progress')

    // The Current Week card opens the weekly dialog, at today's card.
    const card = staff.getByRole('region', { name: 'Current Week Timesheet' })
    await tabTo(staff, card.getByRole('button', { name: 'Continue Timesheet' }))
    await keys.press('Enter')
    const dialog = staff.getByRole('dialog', { name: /^Weekly Timesheet - / })
    await dialog.waitFor()
    const todayCard = dialog.getByRole('region', { name: today })
    expect(await todayCard.evaluate((el) => el === document.activeElement)).toBe(true)
    await checkBothWidths(staff, 'the weekly timesheet dialog')

    await tabTo(staff, todayCard.getByRole('button', { name: `Clock Out ${today}` }))
    await keys.press('Enter')
    await toast(staff, 'Clocked Out').waitFor()
    const activity = todayCard.getByLabel('What did you do today?')
    await tabTo(staff, activity)
    await keys.type('Rehearsal and set-up')
    expect(await activity.inputValue()).toBe('Rehearsal and set-up')

    await tabTo(staff, dialog.getByRole('button', { name: 'Save Timesheet' }))
    await keys.press('Enter')
    await toast(staff, 'Timesheet Saved').waitFor()

    await tabTo(staff, dialog.getByRole('button', { name: 'Submit for Approval' }))
    await keys.press('Enter')
    await toast(staff, 'Timesheet Submitted').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await thisWeek.getByText('Pending Review').waitFor()
  })

  it('finds nothing serious on the staff screens', { timeout: 120_000 }, async () => {
    await checkScreens(
      staff,
      [
        heading('/', 'Dashboard'),
        heading('/submit-timesheet', 'Submit Weekly Timesheet'),
        heading('/profile', 'Profile'),
        heading('/pricing', 'Plans for every ministry'),
      ],
      'staff',
    )
    await staff.getByRole('button', { name: /^Account menu for / }).click()
    await staff.getByRole('menu').waitFor()
    await expectAccessible(staff, 'the user menu (staff)')
    await staff.keyboard.press('Escape')
  })

  it('reviews a timesheet by keyboard alone: view and close, then approve with a comment', async () => {
    const page = supervisor
    await page.goto('/')
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    const name = `${staffPerson.firstName} ${staffPerson.lastName}`
    const view = page.getByRole('button', { name: new RegExp(`^View ${name}'s timesheet`) })
    await tabTo(page, view)
    await page.keyboard.press('Enter')
    const viewing = page.getByRole('dialog', { name: 'View Timesheet Submission' })
    await viewing.waitFor()
    await checkBothWidths(page, 'the review dialog in view mode')
    await page.keyboard.press('Escape')
    await viewing.waitFor({ state: 'detached' })
    // Closing gives the focus back to the button that opened the dialog.
    await page.waitForFunction((el) => el === document.activeElement, await view.elementHandle(), { timeout: 5000 })

    // View mode's 'Review to approve' turns the same dialog into the review, at its Comments box (the
    // button pressed is gone), and closing it still gives the focus back to View.
    await page.keyboard.press('Enter')
    await viewing.waitFor()
    await tabTo(page, viewing.getByRole('button', { name: 'Review to approve' }))
    await page.keyboard.press('Enter')
    const switched = page.getByRole('dialog', { name: 'Review Timesheet Submission' })
    await expectFocusStays(page, switched.getByLabel('Comments'))
    await page.keyboard.press('Escape')
    await switched.waitFor({ state: 'detached' })
    await expectFocusStays(page, view)

    await tabTo(page, page.getByRole('button', { name: new RegExp(`^Approve ${name}'s timesheet`) }))
    await page.keyboard.press('Enter')
    const review = page.getByRole('dialog', { name: 'Review Timesheet Submission' })
    await review.waitFor()
    await checkBothWidths(page, 'the review dialog')
    const comments = review.getByLabel('Comments')
    await tabTo(page, comments)
    await page.keyboard.type('Thank you for the set-up')
    await tabTo(page, review.getByRole('button', { name: 'Approve', exact: true }))
    await page.keyboard.press('Enter')
    await toast(page, 'Timesheet approved! CSV file is ready for download.').waitFor()
    await review.waitFor({ state: 'detached' })
  })

  it('finds nothing serious on the supervisor screens', { timeout: 150_000 }, async () => {
    const page = supervisor
    await checkScreens(
      page,
      [
        heading('/', 'Dashboard'),
        heading('/employees', 'Member Management'),
        heading('/settings', 'Organization Settings'),
        heading('/reports', 'Reports & Analytics'),
        heading('/profile', 'Profile'),
        heading('/pricing', 'Plans for every ministry'),
        heading('/payment-success', /^Welcome to |^Payment Not Completed/),
        heading('/subscribe?plan=price_professional_monthly', /^Complete Your Subscription|^Online payment|^Unable/),
        heading('/submit-timesheet', 'Submit Weekly Timesheet'),
        heading('/no-such-page', '404 Page Not Found'),
      ],
      'supervisor',
    )

    await visit(page, '/employees')
    await page.getByRole('button', { name: 'Add Member' }).click()
    await page.getByRole('dialog', { name: 'Add Member' }).waitFor()
    await checkBothWidths(page, 'the Add Member dialog')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: /^Account menu for / }).click()
    await page.getByRole('menu').waitFor()
    await expectAccessible(page, 'the user menu (supervisor)')
    await page.keyboard.press('Escape')
  })
})

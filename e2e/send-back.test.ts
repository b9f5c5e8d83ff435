import { describe, expect, it } from 'vitest'
import { formatDate, type ListedTimesheet } from '@app/core'
import { useBrowser } from './browser.ts'
import { seriousViolations } from './helpers/axe.ts'
import { api, submitThisWeek } from './helpers/api.ts'
import { chooseStatus, showsUnderRejected, viewOwnRejectedWeek } from './helpers/decisions.ts'
import { fitsPhone, PHONE, toast, touchable } from './helpers/phone.ts'
import { supervisorWithSignedInStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

describe('sending an approved week back for correction', () => {
  it('a supervisor on a phone sends an approved week back with a comment; the member sees it rejected with the comment', async () => {
    const { supervisor, staffName, member } = await supervisorWithSignedInStaff(newPage, { department: 'Youth' }, PHONE)
    await supervisor.setViewportSize(PHONE)
    const submitted = await submitThisWeek(member, {
      mondayStart: '09:00',
      mondayEnd: '17:00',
      mondayActivity: 'Sermon prep',
    })
    await api<ListedTimesheet>(supervisor, 'PATCH', `/api/timesheets/${submitted.id}/status`, {
      status: 'approved',
      comments: '',
    })
    const week = formatDate(submitted.weekStartDate)

    // The supervisor opens the approved week and sends it back, by keyboard, with what to correct.
    await supervisor.goto('/')
    await chooseStatus(supervisor, 'Approved')
    const row = supervisor.locator('tbody tr', { hasText: staffName })
    await row.getByText('Approved').waitFor()
    await row.getByRole('button', { name: `View ${staffName}'s timesheet for the week of ${week}` }).click()
    const view = supervisor.getByRole('dialog', { name: 'View Timesheet Submission' })
    const sendBack = view.getByRole('button', { name: 'Send back for correction' })
    await sendBack.waitFor()
    await touchable(sendBack)
    await sendBack.focus()
    await supervisor.keyboard.press('Enter')
    const dialog = supervisor.getByRole('dialog', { name: 'Send back for correction' })
    const comment = dialog.getByRole('textbox', { name: 'What needs correcting' })
    await comment.waitFor()
    // Nothing to say is refused on the field itself.
    await dialog.getByRole('button', { name: 'Send back', exact: true }).click()
    await dialog.getByText('Say what needs correcting: a comment is required').waitFor()
    expect(await comment.getAttribute('aria-invalid')).toBe('true')
    await fitsPhone(supervisor)
    expect(await seriousViolations(supervisor)).toEqual([])
    await comment.fill('Monday was the staff retreat: please record it as 10 to 4')
    await comment.press('Tab')
    await supervisor.keyboard.press('Tab')
    await supervisor.keyboard.press('Enter')
    await toast(supervisor, `${staffName}'s week of ${week} was sent back. They will be notified via email.`).waitFor()
    await dialog.waitFor({ state: 'detached' })
    await view.waitFor({ state: 'detached' })
    // It left the approved list, and shows under Rejected.
    await showsUnderRejected(supervisor, row, staffName)

    // The member, on a phone, sees the week rejected with the comment.
    const { dialog: own } = await viewOwnRejectedWeek(member, week)
    expect(await own.getByText('Monday was the staff retreat: please record it as 10 to 4').isVisible()).toBe(true)
    expect(await own.getByRole('button', { name: 'Send back for correction' }).count()).toBe(0)
    expect(await seriousViolations(member)).toEqual([])
  })
})

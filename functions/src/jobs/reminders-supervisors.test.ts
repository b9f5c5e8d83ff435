import { describe, expect, it } from 'vitest'
import { currentWeekStart } from '@app/core'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { inbox } from '../../test/support/test-inbox.ts'
import updateMember from '../members/update-member.ts'
import getCurrentWeek from '../timesheets/get-current-week.ts'
import saveDraft from '../timesheets/save-draft.ts'
import { runReminders } from '../workflows/reminders.ts'

const thisWeek = () => currentWeekStart('America/Chicago', 'monday')
const reminders = async (email: string) =>
  (await inbox(email)).filter((m) => m.subject.startsWith('Reminder: your timesheet for the week of'))

describe('timesheet reminders to supervisors', () => {
  it('go only to a paid supervisor whose week holds time, never for a week merely opened, nor to an unpaid one', async () => {
    const { organization, cookie } = await newOrganization()
    const [keeps, opened, unpaid] = await Promise.all([
      newStaffMember(cookie, 'supervisor'),
      newStaffMember(cookie, 'supervisor'),
      newStaffMember(cookie, 'supervisor'),
    ])
    const marked = await callRoute(updateMember, {
      cookies: [cookie],
      params: { id: unpaid.user.id },
      body: { unpaid: true },
    })
    expect(marked.status, marked.text).toBe(200)
    const withTime = { weekStartDate: thisWeek(), mondayStart: '09:00', mondayEnd: '11:00' }
    for (const who of [keeps, unpaid]) {
      const saved = await callRoute(saveDraft, { cookies: [who.cookie], body: withTime })
      expect(saved.status, saved.text).toBe(200)
    }
    // Opening the dashboard makes an empty draft of the current week.
    const week = await callRoute(getCurrentWeek, { cookies: [opened.cookie] })
    expect(week.json).toMatchObject({ status: 'draft', weekStartDate: thisWeek() })

    await runReminders({ orgIds: [organization.id], asIfScheduled: true })
    expect(await reminders(keeps.user.email)).toHaveLength(1)
    expect(await reminders(opened.user.email)).toEqual([])
    expect(await reminders(unpaid.user.email)).toEqual([])
  }, 60_000)
})

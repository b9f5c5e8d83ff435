import type { Locator, Page } from 'playwright-core'
import { fitsPhone } from './phone.ts'

/** Sets the dashboard's status filter to `label` (Pending, Approved, Rejected...). */
export const chooseStatus = async (page: Page, label: string) => {
  await page.getByRole('combobox', { name: 'Filter by status' }).click()
  await page.getByRole('option', { name: label, exact: true }).click()
}

/** After a week is declined or sent back: its `row` left the filtered list, and it shows under Rejected. */
export async function showsUnderRejected(supervisor: Page, row: Locator, staffName: string) {
  await row.waitFor({ state: 'detached' })
  await chooseStatus(supervisor, 'Rejected')
  await supervisor.locator('tbody tr', { hasText: staffName }).getByText('Rejected').waitFor()
}

/**
 * The member, on a phone, reloads: the week of `week` shows Rejected and the page does not scroll
 * sideways. Opens its View dialog and waits for the supervisor's comment there.
 */
export async function viewOwnRejectedWeek(member: Page, week: string) {
  await member.reload()
  const ownRow = member.locator('tbody tr', { hasText: week })
  await ownRow.getByText('Rejected').waitFor()
  await fitsPhone(member)
  await ownRow.getByRole('button', { name: /^View / }).click()
  const dialog = member.getByRole('dialog', { name: 'View Timesheet Submission' })
  await dialog.getByText('Previous Comments').waitFor()
  return { ownRow, dialog }
}

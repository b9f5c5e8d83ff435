import type { Locator } from 'playwright-core'

/** Types a day's start, end and activity into its region of a timesheet form (dialog or page). */
export async function fillDay(day: Locator, start: string, end: string, activity: string) {
  await day.getByLabel('Start Time', { exact: true }).fill(start)
  await day.getByLabel('End Time', { exact: true }).fill(end)
  await day.getByLabel('What did you do today?').fill(activity)
}

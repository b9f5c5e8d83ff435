import type { Page } from 'playwright-core'
import {
  currentWeekStart,
  type CurrentWeek,
  type ListedTimesheet,
  type OrganizationSettings,
  type TimesheetAnswer,
} from '@app/core'

/** A JSON call from inside a signed-in page, with its cookies: the status and the answer's text. */
const send = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        credentials: 'include',
        headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, ok: res.ok, text: await res.text() }
    },
    { method, url, body },
  )

const parsed = <T>(text: string) => (text ? JSON.parse(text) : null) as T

/** A JSON call from the page, whatever its answer: the status and the parsed body. */
export const call = async <T>(page: Page, method: string, url: string, body?: unknown) => {
  const res = await send(page, method, url, body)
  return { status: res.status, body: parsed<T>(res.text) }
}

/** A JSON call from the page that must succeed: its parsed body; throws `"{status}: {body}"` otherwise. */
export const api = async <T>(page: Page, method: string, url: string, body?: unknown) => {
  const res = await send(page, method, url, body)
  if (!res.ok) throw new Error(`${res.status}: ${res.text}`)
  return parsed<T>(res.text)
}

/** This week's first day in the organization's zone, as the app judges it. */
export const thisWeekStart = async (page: Page) => {
  const settings = await api<OrganizationSettings>(page, 'GET', '/api/organization/settings')
  return currentWeekStart(settings.timeZone, settings.weekStartDay)
}

/** Submits this week (in the organization's zone) with these days through the API: the submitted timesheet. */
export const submitThisWeek = async (page: Page, days: Record<string, unknown>) =>
  api<ListedTimesheet>(page, 'POST', '/api/timesheets', { weekStartDate: await thisWeekStart(page), ...days })

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const

/** Monday to Friday from `start` to `end`, with `activity` when given: a week's days as the API takes them. */
export const weekdays = (start: string, end: string, activity?: string) =>
  Object.fromEntries(
    WEEKDAYS.flatMap((d) => [
      [`${d}Start`, start],
      [`${d}End`, end],
      ...(activity === undefined ? [] : [[`${d}Activity`, activity]]),
    ]),
  )

/**
 * Changes the member's current week as another device of theirs would: the fields `change` gives
 * for the week read now, saved on its version. Answers the saved week.
 */
export const editCurrentWeek = async (page: Page, change: (week: CurrentWeek) => Record<string, unknown>) => {
  const week = await api<CurrentWeek>(page, 'GET', '/api/timesheets/current-week')
  return api<TimesheetAnswer>(page, 'PUT', `/api/timesheets/draft/${week.id}`, {
    ...change(week),
    version: week.version,
  })
}

import type { Page } from 'playwright-core'
import { currentWeekStart, type ListedTimesheet, type OrganizationSettings } from '@app/core'

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

/** Submits this week (in the organization's zone) with these days through the API: the submitted timesheet. */
export const submitThisWeek = async (page: Page, days: Record<string, unknown>) => {
  const settings = await api<OrganizationSettings>(page, 'GET', '/api/organization/settings')
  const weekStartDate = currentWeekStart(settings.timeZone, settings.weekStartDay)
  return api<ListedTimesheet>(page, 'POST', '/api/timesheets', { weekStartDate, ...days })
}

import {
  DEFAULT_OVERTIME_RULES,
  TimesheetDays,
  timesheetPayroll,
  type DayName,
  type Timesheet,
  type TimesheetAnswer,
} from '@app/core'
import { vi } from 'vitest'
import type { QueryClient } from '@tanstack/react-query'
import { timesheetKeys } from '../src/api/keys.ts'
import { makeOrgSettings } from './fixtures.ts'
import { mockFetch } from './fetch-mock.ts'

/** A stored timesheet: draft 7 of member user-1 for the week of 2026-11-16, blank days, unless told. */
export const makeStoredTimesheet = (overrides: Partial<Timesheet>): Timesheet => ({
  ...TimesheetDays.parse({}),
  id: 7,
  organizationId: 'org-1',
  employeeId: 'user-1',
  weekStartDate: '2026-11-16',
  status: 'draft',
  version: 3,
  approvedBy: null,
  approvedAt: null,
  comments: null,
  commentHistory: [],
  submittedAt: null,
  createdAt: '2026-11-16T08:00:00.000Z',
  updatedAt: '2026-11-16T08:00:00.000Z',
  enteredOffline: false,
  approvals: [],
  ...overrides,
})

/**
 * Test data only: a draft for the week of Monday 2026-11-16 (tests run "now" on Wednesday
 * 2026-11-18), with the payroll figures the server would add for a non-exempt staff member.
 */
export const makeTimesheet = (overrides: Partial<TimesheetAnswer> = {}): TimesheetAnswer => {
  const timesheet = makeStoredTimesheet(overrides)
  return {
    ...timesheet,
    payroll: overrides.payroll ?? timesheetPayroll(timesheet, DEFAULT_OVERTIME_RULES, 'non-exempt', 'employee'),
  }
}

/** Wednesday 2026-11-18, 10:15:30 UTC. */
export const WEDNESDAY_MORNING = new Date('2026-11-18T10:15:30Z')

/**
 * A day's fields as split shifts keep them: the first span's start, the last span's end, and the
 * spans, each written 'HH:mm-HH:mm' (a span still running ends in '-').
 */
export const daySpans = (day: DayName, ...spans: readonly string[]): Partial<TimesheetDays> => {
  const list = spans.map((span) => {
    const [start = '', end = ''] = span.split('-')
    return { start, end }
  })
  return { [`${day}Start`]: list[0]!.start, [`${day}End`]: list.at(-1)!.end, [`${day}Spans`]: list }
}

/**
 * The server of the member's current week (draft 7): GET answers it as it now is, and each PUT of
 * the draft is kept into it with the next version. `puts`: the bodies sent, in order.
 */
export const serveWeek = (
  first: TimesheetAnswer = makeTimesheet(),
  settings = makeOrgSettings({ timeZone: 'UTC' }),
) => {
  const puts: Record<string, unknown>[] = []
  let server = first
  const fetch = mockFetch({
    'GET /api/timesheets/current-week': () => ({ body: server }),
    'GET /api/organization/settings': { body: settings },
    'PUT /api/timesheets/draft/7': (init) => {
      const sent = JSON.parse(String(init?.body)) as Partial<Timesheet>
      puts.push(sent)
      server = makeTimesheet({ ...server, ...sent, version: server.version + 1 })
      return { body: server }
    },
  })
  return { fetch, puts }
}

/**
 * Takes the browser offline (navigator.onLine) and opens `sheet` with `open`, the week also read
 * as the member's current one, as the dashboard leaves it: an offline save keeps it on the device.
 */
export function openOffline<R extends { queryClient: QueryClient }>(
  open: (sheet: TimesheetAnswer) => R,
  sheet: TimesheetAnswer,
) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  const rendered = open(sheet)
  rendered.queryClient.setQueryData(timesheetKeys.currentWeek, sheet)
  return rendered
}

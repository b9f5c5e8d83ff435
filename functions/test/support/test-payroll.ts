import { expect } from 'vitest'
import { formatLongDate, type Period } from '@app/core'
import connectIntegration from '../../src/integrations/connect-integration.ts'
import integrationCallback from '../../src/integrations/integration-callback.ts'
import closePeriod from '../../src/payroll/close-period.ts'
import reopenPeriod from '../../src/payroll/reopen-period.ts'
import updateSettings from '../../src/payroll/update-settings.ts'
import createAdjustment from '../../src/time-off/create-adjustment.ts'
import createTimeOff from '../../src/time-off/create-time-off.ts'
import decideTimeOff from '../../src/time-off/decide-time-off.ts'
import sendBack from '../../src/timesheets/send-back.ts'
import submitTimesheet from '../../src/timesheets/submit-timesheet.ts'
import updateDraft from '../../src/timesheets/update-draft.ts'
import createWebhook from '../../src/webhooks/create-webhook.ts'
import { callRoute, ok } from './test-event.ts'
import { approvedThroughRoute, decidedThroughRoute } from './test-timesheets.ts'

/**
 * The 409 of a change in a week the closed pay period `period` locks, as the API answers it: the
 * period named by its dates as a person reads them, and the same as a catalogue code with values.
 */
export const periodClosedAnswer = (period: Period) => {
  const [start, end] = [formatLongDate(period.start), formatLongDate(period.end)]
  return { message: `The pay period ${start} to ${end} is closed`, key: 'periodClosedNamed', params: { start, end } }
}

/**
 * Pay periods and the payroll integrations' sends as a supervisor drives them from the Payroll
 * page, for the tests that need a period set up before they start: each step through its real
 * route, expected to go through (anything but 200 fails the test with the answer's text).
 */
export const payrollAs = (supervisorCookie: string) => {
  const cookies = [supervisorCookie]
  const steps = {
    /** Pay periods of two weeks, the first starting on `anchor`. */
    biweeklyFrom: async (anchor: string) =>
      ok(
        await callRoute(updateSettings, {
          cookies,
          body: { payPeriodFrequency: 'biweekly', payPeriodAnchor: anchor },
        }),
      ),
    /** A week `member` submits and the supervisor approves; its id. */
    approveWeek: (member: { cookie: string }, body: object) =>
      approvedThroughRoute(supervisorCookie, member.cookie, body),
    /** Closes the period starting `start`; `closeAnyway` with weeks not yet approved. */
    close: async (start: string, closeAnyway?: true) =>
      ok(await callRoute(closePeriod, { cookies, params: { start }, body: closeAnyway && { closeAnyway } })),
    reopen: async (start: string, reason: string) =>
      ok(await callRoute(reopenPeriod, { cookies, params: { start }, body: { reason } })),
    /** A day of vacation `member` asks for and the supervisor approves, on a starting balance of 40 hours. */
    approveVacationDay: async (member: { cookie: string; user: { id: string } }, date: string) => {
      ok(
        await callRoute(createAdjustment, {
          cookies,
          body: { employeeId: member.user.id, kind: 'vacation', hours: 40, reason: 'Starting balance' },
        }),
      )
      const asked = ok(
        await callRoute(createTimeOff, {
          cookies: [member.cookie],
          body: { kind: 'vacation', from: date, to: date, note: 'Family' },
        }),
      )
      ok(await callRoute(decideTimeOff, { cookies, params: { id: asked.json.id }, body: { status: 'approved' } }))
    },
    /** Our webhook of `pay_period.sent`, delivered to `url`. */
    hookPayPeriodSent: async (url: string) =>
      ok(await callRoute(createWebhook, { cookies, body: { url, events: ['pay_period.sent'] } })),
    /**
     * Connect: our authorization URL, the vendor's consent (`consent` follows it and answers the
     * redirect back to us), then our callback, which lands on the page connected. Answers the
     * authorization URL, for what it asked.
     */
    connect: async (id: string, consent: (authorizationUrl: string) => Promise<URL>) => {
      const { authorizationUrl } = ok(await callRoute(connectIntegration, { cookies, params: { id } })).json as {
        authorizationUrl: string
      }
      const back = await consent(authorizationUrl)
      const callback = await callRoute(integrationCallback, {
        cookies,
        params: { id },
        query: Object.fromEntries(back.searchParams),
      })
      expect(String(callback.headers.location)).toContain('connected=1')
      return new URL(authorizationUrl)
    },
    /**
     * A correction after a send: the closed period starting `start` reopened for `reason`, one
     * week sent back with `comments`, its member's corrected `days` saved and submitted, the week
     * approved again and the period closed again.
     */
    correctAfterSendBack: async (
      start: string,
      week: { id: number; memberCookie: string },
      correction: { reason: string; comments: string; days: object },
    ) => {
      await steps.reopen(start, correction.reason)
      const params = { id: String(week.id) }
      const sent = ok(await callRoute(sendBack, { cookies, params, body: { comments: correction.comments } }))
      expect(sent.json).toMatchObject({ status: 'rejected', comments: correction.comments })
      ok(await callRoute(updateDraft, { cookies: [week.memberCookie], params, body: correction.days }))
      ok(await callRoute(submitTimesheet, { cookies: [week.memberCookie], params, body: {} }))
      await decidedThroughRoute(supervisorCookie, week.id, 'approved')
      await steps.close(start)
    },
  }
  return steps
}

import { HolidayCalendar } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** The organization's holidays and blackout dates (members see them when they ask for time off). */
export default defineRoute({
  method: 'GET',
  path: '/api/organization/holidays',
  auth: 'member',
  scope: 'time-off:read',
  response: HolidayCalendar,
  uses: ['table:read'],
  handler: ({ db }) => db.timeOff.calendar(),
})

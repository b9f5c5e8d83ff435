import { HolidayCalendar } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Supervisors save the holidays (paid hours each) and the blackout dates (with the reason members see). */
export default defineRoute({
  method: 'PUT',
  path: '/api/organization/holidays',
  auth: 'supervisor',
  body: HolidayCalendar,
  response: HolidayCalendar,
  uses: ['table'],
  handler: ({ body, session, db }) => db.timeOff.setCalendar(body, session.user),
})

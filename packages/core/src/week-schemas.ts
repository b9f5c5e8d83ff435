import * as z from 'zod'
import { isValidTimeZone } from './time-zones.ts'

/** The week's settings as schemas, apart from week.ts's helpers so a first screen's script carries no zod. */

/** An organization setting; Monday unless the organization chose Sunday. */
export const WeekStartDay = z.enum(['monday', 'sunday'], { error: 'Weeks start on monday or sunday' })
export type WeekStartDay = z.infer<typeof WeekStartDay>

/** An IANA zone name the runtime knows, such as 'America/Chicago'. */
export const TimeZone = z
  .string({ error: 'Time zone is required' })
  .trim()
  .refine(isValidTimeZone, 'Use an IANA time zone like America/Chicago')
export type TimeZone = z.infer<typeof TimeZone>

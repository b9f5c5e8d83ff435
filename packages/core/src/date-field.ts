import * as z from 'zod'
import { isCalendarDate, isValidDate } from './week.ts'

/**
 * A 'YYYY-MM-DD' date a person sends (trimmed), a real one between 2000 and 2100: `shapeMessage`
 * for anything else and `rangeMessage` for a real date out of those years.
 */
export const dateField = (shapeMessage: string, rangeMessage: string) =>
  z.string({ error: shapeMessage }).trim().refine(isCalendarDate, shapeMessage).refine(isValidDate, rangeMessage)

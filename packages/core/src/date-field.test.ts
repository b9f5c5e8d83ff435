import { describe, expect, it } from 'vitest'
import { dateField } from './date-field.ts'
import { HireDate } from './hire.ts'
import { PayrollDate } from './payroll.ts'
import { TimeOffDate } from './time-off.ts'

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message

describe('a date a person sends', () => {
  const field = dateField('shape', 'range')

  it('is trimmed, and kept when it is a real date between 2000 and 2100', () => {
    expect(field.parse(' 2026-11-16 ')).toBe('2026-11-16')
    expect(field.parse('2100-12-31')).toBe('2100-12-31')
  })

  it.each([
    ['2026-02-30', 'shape'],
    ['11/16/2026', 'shape'],
    [20261116, 'shape'],
    ['1999-12-31', 'range'],
    ['2101-01-01', 'range'],
  ])('refuses %s with the %s message', (value, message) => {
    expect(messageOf(field.safeParse(value))).toBe(message)
  })

  it.each([
    ['hire date', HireDate, 'Hire date must be a date like 2026-11-16', 'Hire date must be between 2000 and 2100'],
    ['payroll date', PayrollDate, 'Use a date like 2026-11-16', 'Use a date between 2000 and 2100'],
    ['time-off date', TimeOffDate, 'Use a date like 2026-11-16', 'Use a date between 2000 and 2100'],
  ])('says what is wrong with a %s', (_, schema, shape, range) => {
    expect(messageOf(schema.safeParse('2026-13-01'))).toBe(shape)
    expect(messageOf(schema.safeParse('1990-01-01'))).toBe(range)
  })
})

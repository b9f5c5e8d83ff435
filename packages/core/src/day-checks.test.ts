import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dayChecks, endsNextDay, LONG_DAY_MINUTES, unfinishedDays, weekChecks } from './day-checks.ts'
import { shiftMinutes } from './hours.ts'

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)

describe('day checks', () => {
  it('marks an end before the start as ending the next day (Wednesday 17:00-09:00), and a span over 12 hours as long', () => {
    expect(dayChecks('17:00', '09:00')).toEqual(['endsNextDay', 'longDay'])
    expect(dayChecks('22:00', '06:00')).toEqual(['endsNextDay'])
    expect(dayChecks('06:00', '18:00')).toEqual([])
    expect(dayChecks('06:00', '18:01')).toEqual(['longDay'])
    expect(dayChecks('09:00', '17:00')).toEqual([])
  })

  it('marks a start without an end, and an end without a start', () => {
    expect(dayChecks('14:50', '')).toEqual(['startWithoutEnd'])
    expect(dayChecks(null, '14:50')).toEqual(['endWithoutStart'])
    expect(dayChecks('', '')).toEqual([])
    expect(
      unfinishedDays({ fridayStart: '14:50', mondayStart: '09:00', mondayEnd: '17:00', sundayEnd: '10:00' }),
    ).toEqual(['friday', 'sunday'])
  })

  it('ends the next day exactly when the counted shift wraps past midnight', () => {
    fc.assert(
      fc.property(time, time, (start, end) => {
        const wraps =
          start !== end && shiftMinutes(start, end) !== shiftMinutes('00:00', end) - shiftMinutes('00:00', start)
        expect(endsNextDay(start, end)).toBe(wraps)
      }),
    )
  })

  it('calls a day long exactly when its shift is over 12 hours', () => {
    fc.assert(
      fc.property(time, time, (start, end) => {
        expect(dayChecks(start, end).includes('longDay')).toBe(shiftMinutes(start, end) > LONG_DAY_MINUTES)
      }),
    )
  })

  it('lists a week’s checks day by day, Monday first', () => {
    expect(weekChecks({ sundayStart: '20:00', sundayEnd: '04:00', mondayStart: '07:00' })).toEqual([
      { day: 'monday', check: 'startWithoutEnd' },
      { day: 'sunday', check: 'endsNextDay' },
    ])
  })
})

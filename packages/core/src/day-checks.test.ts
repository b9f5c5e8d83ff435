import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dayChecks, endsNextDay, leaveChecks, LONG_DAY_MINUTES, unfinishedDays, weekChecks } from './day-checks.ts'
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

describe('leaveChecks (issue 37: hours on a holiday or during approved time off)', () => {
  // A week starting on Sunday 2026-11-22: Thursday is Thanksgiving (11-26), Friday (11-27) approved vacation.
  const leave = {
    holidays: [
      { date: '2026-11-26', name: 'Thanksgiving' },
      { date: '2026-12-25', name: 'Christmas' },
    ],
    timeOff: [{ date: '2026-11-27' }, { date: '2026-11-26' }],
  }
  it('flags each day with a start or an end on a holiday (named) or an approved day off, in order', () => {
    expect(
      leaveChecks(
        {
          weekStartDate: '2026-11-22',
          fridayStart: '09:00',
          thursdayEnd: '12:00',
          mondayStart: '09:00',
          mondayEnd: '17:00',
        },
        leave,
      ),
    ).toEqual([
      { day: 'thursday', check: 'onHoliday', name: 'Thanksgiving' },
      { day: 'thursday', check: 'onTimeOff' },
      { day: 'friday', check: 'onTimeOff' },
    ])
  })
  it('says nothing of a holiday or a day off with no time recorded, or of another week', () => {
    expect(leaveChecks({ weekStartDate: '2026-11-22', mondayStart: '09:00', mondayEnd: '17:00' }, leave)).toEqual([])
    expect(leaveChecks({ weekStartDate: '2026-11-29', thursdayStart: '09:00', thursdayEnd: '17:00' }, leave)).toEqual(
      [],
    )
    expect(leaveChecks({ weekStartDate: '2026-11-22', thursdayStart: '09:00' }, { holidays: [], timeOff: [] })).toEqual(
      [],
    )
  })
})

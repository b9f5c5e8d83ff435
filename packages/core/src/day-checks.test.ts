import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dayChecks, endsNextDay, leaveChecks, LONG_DAY_MINUTES, unfinishedDays, weekChecks } from './day-checks.ts'
import { shiftMinutes } from './hours.ts'
import { anyTime as time } from '../test/arbitraries.ts'

/** One day's checks from its start and end (Wednesday's). */
const check = (start: string | null, end: string) =>
  dayChecks({ wednesdayStart: start, wednesdayEnd: end }, 'wednesday')

describe('day checks', () => {
  it('marks an end before the start as ending the next day (Wednesday 17:00-09:00), and a span over 12 hours as long', () => {
    expect(check('17:00', '09:00')).toEqual(['endsNextDay', 'longDay'])
    expect(check('22:00', '06:00')).toEqual(['endsNextDay'])
    expect(check('06:00', '18:00')).toEqual([])
    expect(check('06:00', '18:01')).toEqual(['longDay'])
    expect(check('09:00', '17:00')).toEqual([])
  })

  it('marks a start without an end, and an end without a start', () => {
    expect(check('14:50', '')).toEqual(['startWithoutEnd'])
    expect(check(null, '14:50')).toEqual(['endWithoutStart'])
    expect(check('', '')).toEqual([])
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
        expect(check(start, end).includes('longDay')).toBe(shiftMinutes(start, end) > LONG_DAY_MINUTES)
      }),
    )
  })

  it('checks a day of spans by its first start, its last span and the spans’ sum', () => {
    const split = (spans: { start: string; end: string }[]) => dayChecks({ sundaySpans: spans }, 'sunday')
    // 8:00 to 21:00 is 13 hours from first start to last end, but 7 hours worked: not long.
    expect(
      split([
        { start: '08:00', end: '12:00' },
        { start: '18:00', end: '21:00' },
      ]),
    ).toEqual([])
    expect(
      split([
        { start: '08:00', end: '12:00' },
        { start: '18:00', end: '' },
      ]),
    ).toEqual(['startWithoutEnd'])
    // 01:00 to 02:00 reads as the same day, but the last span runs past midnight.
    expect(
      split([
        { start: '01:00', end: '03:00' },
        { start: '05:00', end: '02:00' },
      ]),
    ).toEqual(['endsNextDay', 'longDay'])
  })

  it('lists a week’s checks day by day, Monday first', () => {
    expect(weekChecks({ sundayStart: '20:00', sundayEnd: '04:00', mondayStart: '07:00' })).toEqual([
      { day: 'monday', check: 'startWithoutEnd' },
      { day: 'sunday', check: 'endsNextDay' },
    ])
  })
})

describe('leaveChecks: hours on a holiday or during approved time off', () => {
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

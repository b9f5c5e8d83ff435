import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  dayPaidMinutes,
  dayRanges,
  paidMinutes,
  rangesText,
  formatHours,
  formatHoursNumber,
  formatHoursNumberIn,
  isTime,
  MINUTES_PER_DAY,
  nowHHMM,
  secondsOfDay,
  shiftMinutes,
  weekTotalHours,
  weekTotalMinutes,
  type WeekTimes,
} from './hours.ts'
import { DAYS } from './week.ts'
import { anyTime as time } from '../test/arbitraries.ts'

const pad = (n: number) => String(n).padStart(2, '0')
/** A time field as it may be stored: filled, empty, null or absent. */
const maybeTime = fc.oneof(time, fc.constantFrom('', null, undefined))
const week = fc.record(
  Object.fromEntries(DAYS.flatMap((d) => [`${d}Start`, `${d}End`]).map((k) => [k, maybeTime])),
) as fc.Arbitrary<WeekTimes>

describe('isTime', () => {
  it.each(['00:00', '09:00', '12:30', '23:59'])('accepts %s', (s) => expect(isTime(s)).toBe(true))
  it.each(['24:00', '9:00', '09:60', '09:00:00', ' 09:00', '0900', '', 'ab:cd', '12:5'])('refuses %j', (s) =>
    expect(isTime(s)).toBe(false),
  )
  it('refuses non-strings', () => {
    expect(isTime(900)).toBe(false)
    expect(isTime(null)).toBe(false)
  })
})

describe('shiftMinutes and paidMinutes', () => {
  it('counts the difference when the end is after the start', () => {
    expect(shiftMinutes('09:00', '17:30')).toBe(510)
    expect(paidMinutes('09:00', '17:30') / 60).toBe(8.5)
  })

  it('runs a shift whose end is before its start into the next day', () => {
    expect(paidMinutes('22:00', '06:00') / 60).toBe(8)
    expect(shiftMinutes('23:59', '00:00')).toBe(1)
  })

  it('counts equal times as 0', () => expect(shiftMinutes('08:15', '08:15')).toBe(0))

  it('counts 0 unless both times are present and well formed', () => {
    expect(shiftMinutes('09:00', '')).toBe(0)
    expect(shiftMinutes('', '17:00')).toBe(0)
    expect(shiftMinutes(null, '17:00')).toBe(0)
    expect(shiftMinutes('09:00')).toBe(0)
    expect(shiftMinutes('9am', '17:00')).toBe(0)
  })

  it('is never negative and always shorter than a day', () =>
    fc.assert(
      fc.property(maybeTime, maybeTime, (a, b) => {
        const m = shiftMinutes(a, b)
        return Number.isInteger(m) && m >= 0 && m < MINUTES_PER_DAY
      }),
    ))

  it('covers the whole day when a shift and its reverse are added (a != b)', () =>
    fc.assert(
      fc.property(time, time, (a, b) => {
        fc.pre(a !== b)
        return shiftMinutes(a, b) + shiftMinutes(b, a) === MINUTES_PER_DAY
      }),
    ))

  it('agrees with a clock: start plus the shift lands on the end', () =>
    fc.assert(
      fc.property(time, time, (a, b) => {
        const [h, m] = a.split(':').map(Number) as [number, number]
        const endMinute = (h * 60 + m + shiftMinutes(a, b)) % MINUTES_PER_DAY
        return `${pad(Math.floor(endMinute / 60))}:${pad(endMinute % 60)}` === b
      }),
    ))
})

describe('weekTotalHours', () => {
  it('sums only days with both times, across midnight too', () => {
    expect(
      weekTotalHours({
        mondayStart: '09:00',
        mondayEnd: '17:30',
        tuesdayStart: '22:00',
        tuesdayEnd: '06:00',
        wednesdayStart: '09:00',
        thursdayEnd: '12:00',
        sundayStart: null,
        sundayEnd: '10:00',
      }),
    ).toBe(16.5)
  })

  it('is 0 for an empty week', () => expect(weekTotalHours({})).toBe(0))

  it('does not drift: seven shifts of 20 minutes are exactly 140 minutes', () => {
    const twenty = Object.fromEntries(
      DAYS.flatMap((d) => [
        [`${d}Start`, '09:00'],
        [`${d}End`, '09:20'],
      ]),
    )
    expect(weekTotalMinutes(twenty)).toBe(140)
    expect(formatHours(weekTotalHours(twenty))).toBe('2.3 hours')
  })

  it('equals the sum of the day hours and is never negative', () =>
    fc.assert(
      fc.property(week, (w) => {
        const total = weekTotalHours(w)
        const byDay = DAYS.reduce((sum, d) => sum + shiftMinutes(w[`${d}Start`], w[`${d}End`]), 0) / 60
        return total === byDay && total >= 0 && total < 7 * 24
      }),
    ))
})

describe('dayRanges: how every place writes a day', () => {
  const split: WeekTimes = {
    sundayStart: '08:00',
    sundayEnd: '21:00',
    sundaySpans: [
      { start: '08:00', end: '12:00' },
      { start: '18:00', end: '21:00' },
    ],
  }

  it("writes a split day's ranges, not its first start to its last end, beside the hours that pay it", () => {
    expect(dayRanges(split, 'sunday')).toBe('08:00–12:00, 18:00–21:00')
    expect(dayPaidMinutes(split, 'sunday')).toBe(7 * 60)
    expect(dayRanges(split, 'sunday', { dash: '-' })).toBe('08:00-12:00, 18:00-21:00')
  })

  it("writes the spec's day as its start and end, a running range with '--:--', and an empty day as ''", () => {
    expect(dayRanges({ mondayStart: '09:00', mondayEnd: '13:00' }, 'monday')).toBe('09:00–13:00')
    expect(dayRanges({ fridayStart: '14:50' }, 'friday')).toBe('14:50–--:--')
    expect(rangesText([{ start: '14:50', end: '' }], { dash: '-', missing: '' })).toBe('14:50-')
    expect(dayRanges({}, 'monday')).toBe('')
  })
})

describe('formatHours', () => {
  it.each([
    [7.5, '7.5 hours'],
    [8, '8.0 hours'],
    [0, '0.0 hours'],
    [7.25, '7.3 hours'],
    [7.24, '7.2 hours'],
    [0.05, '0.1 hours'],
    [1.15, '1.2 hours'],
    [2.45, '2.5 hours'],
    [40.35, '40.4 hours'],
  ])('rounds %d half up to one decimal: %s', (h, text) => expect(formatHours(h)).toBe(text))

  it('judges the half on the intended value, not on binary noise', () => {
    expect(0.01 + 2.34).toBeLessThan(2.35)
    expect(formatHoursNumber(0.01 + 2.34)).toBe('2.4')
  })

  it('has a plain number form for CSV', () => expect(formatHoursNumber(7.5)).toBe('7.5'))

  it('rounds every whole-minute total half up, judged in exact integer arithmetic', () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 * MINUTES_PER_DAY }), (minutes) => {
        // tenths of an hour = minutes / 6; half up = floor((2 * minutes + 6) / 12)
        const tenths = Math.floor((2 * minutes + 6) / 12)
        return formatHoursNumber(minutes / 60) === `${Math.floor(tenths / 10)}.${tenths % 10}`
      }),
    ))
})

describe('nowHHMM', () => {
  const instant = new Date('2026-11-16T18:05:00Z')

  it('reads the wall clock in the zone asked for', () => {
    expect(nowHHMM(instant, 'UTC')).toBe('18:05')
    expect(nowHHMM(instant, 'America/Chicago')).toBe('12:05')
    expect(nowHHMM(instant, 'Asia/Kolkata')).toBe('23:35')
  })

  it('writes midnight as 00:00, never 24:00', () =>
    expect(nowHHMM(new Date('2026-11-16T00:00:00Z'), 'UTC')).toBe('00:00'))

  it('always gives a valid time', () =>
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (d) =>
        isTime(nowHHMM(d, 'Pacific/Auckland')),
      ),
    ))
})

describe('secondsOfDay', () => {
  it('counts the seconds since midnight on the wall clock of the zone, as nowHHMM reads it', () => {
    expect(secondsOfDay(new Date('2026-11-16T18:05:30Z'), 'America/Chicago')).toBe(12 * 3600 + 5 * 60 + 30)
    expect(secondsOfDay(new Date('2026-11-16T00:00:00Z'), 'UTC')).toBe(0)
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (d) => {
        const [hour, minute] = nowHHMM(d, 'Asia/Kolkata').split(':').map(Number)
        return Math.floor(secondsOfDay(d, 'Asia/Kolkata') / 60) === hour! * 60 + minute!
      }),
    )
  })
})

describe('formatHoursNumberIn', () => {
  it('keeps the one-decimal rounding and writes the number as the reader’s language does', () => {
    expect(formatHoursNumberIn(24.4, 'en-US')).toBe('24.4')
    expect(formatHoursNumberIn(24.4, 'es')).toBe('24,4')
    expect(formatHoursNumberIn(7.25, 'es')).toBe('7,3')
    expect(formatHoursNumberIn(1234.5, 'en-US')).toBe('1234.5')
    expect(formatHoursNumberIn(-0.01, 'en-US')).toBe('0.0')
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { approverAlertAt, CLOCK_OUT_LIMIT_HOURS, missingClockOuts } from './clock-out.ts'
import { shiftMinutes } from './hours.ts'
import { DAYS } from './week.ts'
import { anyTime as time } from '../test/arbitraries.ts'

const HOUR = 3_600_000
/** A week's start and end per day, each set or empty ('' or null, as stored). */
const week = fc
  .tuple(...DAYS.map(() => fc.tuple(fc.option(time, { nil: '' }), fc.constantFrom('', null, '17:30', '06:00'))))
  .map((days) => ({
    weekStartDate: '2026-11-16',
    ...Object.fromEntries(
      DAYS.flatMap((day, i) => [
        [`${day}Start`, days[i]![0]],
        [`${day}End`, days[i]![1]],
      ]),
    ),
  }))
const limit = fc.integer({ min: CLOCK_OUT_LIMIT_HOURS.min, max: CLOCK_OUT_LIMIT_HOURS.max })
const zone = fc.constantFrom('UTC', 'America/Chicago', 'Asia/Kolkata', 'Europe/London', 'Pacific/Auckland')
/** Moments around the week (Nov 14 to Nov 26, 2026). */
const moment = fc.integer({ min: Date.UTC(2026, 10, 14), max: Date.UTC(2026, 10, 26) }).map((t) => new Date(t))
/** A week whose Monday timer started at 08:00 and runs still. */
const mondayTimer = { weekStartDate: '2026-11-16', mondayStart: '08:00', mondayEnd: '' }

describe('missing clock-outs', () => {
  it('a timer started Monday 08:00 in Chicago is missing its clock-out from 18:00 there with a 10-hour limit', () => {
    const sheet = { ...mondayTimer, tuesdayStart: '09:00', tuesdayEnd: '12:00' }
    // 18:00 in Chicago on Nov 16 is 00:00 UTC on Nov 17.
    expect(missingClockOuts(sheet, 10, 'America/Chicago', new Date('2026-11-16T23:59:59Z'))).toEqual([])
    expect(missingClockOuts(sheet, 10, 'America/Chicago', new Date('2026-11-17T00:00:00Z'))).toEqual([
      {
        day: 'monday',
        date: '2026-11-16',
        start: '08:00',
        startedAt: new Date('2026-11-16T14:00:00Z'),
        limitAt: new Date('2026-11-17T00:00:00Z'),
        suggestedEnd: '18:00',
      },
    ])
    // In another zone the same start is a different instant.
    expect(missingClockOuts(sheet, 10, 'Asia/Kolkata', new Date('2026-11-16T12:30:00Z'))).toHaveLength(1)
    // An evening start's limit falls the next morning: the suggested end is then, over midnight.
    const evening = { weekStartDate: '2026-11-16', sundayStart: '20:00' }
    expect(missingClockOuts(evening, 10, 'UTC', new Date('2026-11-23T06:00:00Z'))[0]!.suggestedEnd).toBe('06:00')
  })

  it('counts a second span’s timer from its own start, not the day’s first (split shifts)', () => {
    const sheet = {
      ...mondayTimer,
      mondaySpans: [
        { start: '08:00', end: '12:00' },
        { start: '18:00', end: '' },
      ],
    }
    // 18:00 in UTC plus 10 hours is 04:00 the next morning; the day's 08:00 would have said 18:00.
    expect(missingClockOuts(sheet, 10, 'UTC', new Date('2026-11-17T03:59:00Z'))).toEqual([])
    expect(missingClockOuts(sheet, 10, 'UTC', new Date('2026-11-17T04:00:00Z'))).toEqual([
      expect.objectContaining({ day: 'monday', start: '18:00', suggestedEnd: '04:00' }),
    ])
  })

  it('never changes the week it reads, and lists only days with a start and no end', () => {
    fc.assert(
      fc.property(week, limit, zone, moment, (sheet, hours, timeZone, now) => {
        const before = structuredClone(sheet)
        const missing = missingClockOuts(Object.freeze(sheet), hours, timeZone, now)
        expect(sheet).toEqual(before)
        const s = sheet as Record<string, string | null>
        for (const m of missing) {
          expect(s[`${m.day}Start`]).toBe(m.start)
          expect(s[`${m.day}End`] || '').toBe('')
        }
      }),
    )
  })

  it('a day missing its clock-out at one moment is missing it at every later one, and not a millisecond before its limit', () => {
    fc.assert(
      fc.property(
        week,
        limit,
        zone,
        moment,
        fc.integer({ min: 0, max: 96 * HOUR }),
        (sheet, hours, timeZone, now, later) => {
          const days = (at: Date) => missingClockOuts(sheet, hours, timeZone, at).map((m) => m.day)
          const then = days(new Date(now.getTime() + later))
          for (const day of days(now)) expect(then).toContain(day)
          for (const m of missingClockOuts(sheet, hours, timeZone, now)) {
            expect(m.limitAt.getTime() - m.startedAt.getTime()).toBe(hours * HOUR)
            expect(days(new Date(m.limitAt.getTime() - 1))).not.toContain(m.day)
          }
        },
      ),
    )
  })

  it('suggests the end the limit reached: the limit exactly, where the clocks do not change', () => {
    fc.assert(
      fc.property(time, limit, (start, hours) => {
        const [m] = missingClockOuts(
          { weekStartDate: '2026-11-16', fridayStart: start },
          hours,
          'UTC',
          new Date('2026-12-01'),
        )
        expect(shiftMinutes(start, m!.suggestedEnd)).toBe(hours * 60)
      }),
    )
  })

  it('tells the approver an hour after the later of the limit and the member’s email', () => {
    const limitAt = new Date('2026-11-17T00:00:00Z')
    expect(approverAlertAt({ limitAt })).toEqual(new Date('2026-11-17T01:00:00Z'))
    expect(approverAlertAt({ limitAt }, new Date('2026-11-17T00:14:00Z'))).toEqual(new Date('2026-11-17T01:14:00Z'))
    fc.assert(
      fc.property(moment, fc.option(moment, { nil: null }), (at, sent) => {
        const alert = approverAlertAt({ limitAt: at }, sent).getTime()
        expect(alert).toBeGreaterThanOrEqual(at.getTime() + HOUR)
        if (sent) expect(alert).toBeGreaterThanOrEqual(sent.getTime() + HOUR)
      }),
    )
  })
})

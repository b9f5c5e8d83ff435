import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  dayPaidMinutes,
  dayShiftMinutes,
  daySpans,
  shiftMinutes,
  weekTotalHours,
  type Span,
  type WeekTimes,
} from './hours.ts'
import {
  allDaySpans,
  MAX_SPANS,
  runningStart,
  spanFields,
  spansAfterClockIn,
  spansAfterClockOut,
  spansDisagree,
  spansMessages,
  spansProblem,
  weekSpanProblems,
  withSpansApplied,
} from './spans.ts'
import { TimesheetSave } from './timesheet.ts'
import { DAYS } from './week.ts'
import { anyTime as time } from '../test/arbitraries.ts'

const sunday = [
  { start: '08:00', end: '12:00' },
  { start: '18:00', end: '21:00' },
]

describe('split shifts', () => {
  it('counts Sunday 8:00-12:00 and 18:00-21:00 as 7 hours, while the spec’s start and end alone count 13', () => {
    const saved = withSpansApplied({ sundaySpans: sunday })
    expect(saved).toMatchObject({ sundayStart: '08:00', sundayEnd: '21:00', sundaySpans: sunday })
    expect(weekTotalHours(saved)).toBe(7)
    expect(weekTotalHours({ sundayStart: '08:00', sundayEnd: '21:00' })).toBe(13)
  })

  it('deducts the break from the spans’ sum', () =>
    expect(dayPaidMinutes({ ...withSpansApplied({ sundaySpans: sunday }), sundayBreakMinutes: 30 }, 'sunday')).toBe(
      390,
    ))

  it('saves a day without spans as one span, and keeps spans only when there are two or more', () => {
    const before = withSpansApplied({ sundaySpans: sunday })
    const spec = withSpansApplied({ ...before, sundaySpans: undefined, sundayStart: '09:00', sundayEnd: '17:00' })
    expect(spec.sundaySpans).toBeUndefined()
    expect(daySpans(spec, 'sunday')).toEqual([{ start: '09:00', end: '17:00' }])
    const one = withSpansApplied({ mondaySpans: [{ start: '07:00', end: '11:30' }] })
    expect(one).toMatchObject({ mondayStart: '07:00', mondayEnd: '11:30', mondaySpans: undefined })
    expect(withSpansApplied({ mondaySpans: [], mondayStart: '07:00' })).toMatchObject({ mondayStart: '07:00' })
  })

  it('answers every day’s spans: none for an empty day, one for the spec’s day', () => {
    const spans = allDaySpans({ ...withSpansApplied({ sundaySpans: sunday }), mondayStart: '09:00', mondayEnd: '' })
    expect(Object.keys(spans)).toEqual(DAYS.map((d) => `${d}Spans`))
    expect(spans.sundaySpans).toEqual(sunday)
    expect(spans.mondaySpans).toEqual([{ start: '09:00', end: '' }])
    expect(spans.tuesdaySpans).toEqual([])
  })

  it('refuses spans out of order, overlapping, unfinished before the last, or more than 4', () => {
    const problem = (spans: Span[]) => spansProblem('sunday', spans)
    expect(problem(sunday)).toBeUndefined()
    expect(problem([sunday[1]!, sunday[0]!])).toBe(spansMessages.order('sunday'))
    expect(problem([sunday[0]!, { start: '11:59', end: '13:00' }])).toBe(spansMessages.order('sunday'))
    // Touching is not overlapping.
    expect(problem([sunday[0]!, { start: '12:00', end: '13:00' }])).toBeUndefined()
    // Only the last may still run, or run past midnight.
    expect(problem([{ start: '08:00', end: '' }, sunday[1]!])).toBe(spansMessages.needsEnd('sunday', 1))
    expect(problem([{ start: '22:00', end: '02:00' }, sunday[1]!])).toBe(spansMessages.order('sunday'))
    expect(problem([sunday[0]!, { start: '22:00', end: '02:00' }])).toBeUndefined()
    expect(problem([sunday[0]!, { start: '18:00', end: '' }])).toBeUndefined()
    expect(problem([sunday[0]!, { start: '', end: '21:00' }])).toBe(spansMessages.needsStart('sunday', 2))
    expect(problem([sunday[0]!, { start: '18:00', end: '9pm' }])).toBe(spansMessages.needsEnd('sunday', 2))
    const five = ['06', '08', '10', '12', '14'].map((h) => ({ start: `${h}:00`, end: `${h}:30` }))
    expect(problem(five.slice(0, MAX_SPANS))).toBeUndefined()
    expect(problem(five)).toBe(spansMessages.tooMany('sunday'))
  })

  it('takes the start and end a client changed beside the one span it was answered with (the spec’s day)', () => {
    const echoed = { mondayStart: '08:00', mondayEnd: '17:00', mondaySpans: [{ start: '09:00', end: '17:00' }] }
    expect(weekSpanProblems(echoed)).toEqual([])
    expect(withSpansApplied(echoed)).toMatchObject({ mondayStart: '08:00', mondayEnd: '17:00', mondaySpans: undefined })
    expect(dayPaidMinutes(withSpansApplied(echoed), 'monday')).toBe(540)
    // Alone, the one span is the day.
    expect(withSpansApplied({ mondaySpans: [{ start: '09:00', end: '17:00' }] })).toMatchObject({
      mondayStart: '09:00',
      mondayEnd: '17:00',
    })
  })

  it('refuses a start or end that is not the first start or the last end, and takes blanks for "from the spans"', () => {
    expect(weekSpanProblems({ sundaySpans: sunday, sundayStart: '08:00', sundayEnd: '21:00' })).toEqual([])
    expect(weekSpanProblems({ sundaySpans: sunday, sundayStart: '', sundayEnd: '' })).toEqual([])
    expect(weekSpanProblems({ sundaySpans: sunday, sundayEnd: '12:00' })).toEqual([
      { day: 'sunday', message: spansMessages.disagree('sunday') },
    ])
  })

  it('refuses each on its day’s spans field in the save schema, and says why', () => {
    const refused = TimesheetSave.safeParse({ sundaySpans: [sunday[1], sunday[0]] })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({
        path: ['sundaySpans'],
        message: 'Sunday time ranges must be in order and must not overlap',
      }),
    ])
    expect(TimesheetSave.safeParse({ sundaySpans: [{ start: '8am', end: '12:00' }] }).error?.issues[0]).toMatchObject({
      path: ['sundaySpans', 0, 'start'],
      message: 'Sunday time ranges: use a 24-hour time like 09:00',
    })
    expect(TimesheetSave.safeParse({ sundaySpans: 'morning' }).error?.issues[0]?.message).toBe(
      'Sunday time ranges must be a list',
    )
    expect(TimesheetSave.safeParse({ sundaySpans: sunday, sundayBreakMinutes: 421 }).success).toBe(false)
    expect(TimesheetSave.parse({ sundaySpans: sunday, sundayBreakMinutes: 420 }).sundaySpans).toEqual(sunday)
  })

  it('clocks in again after a clock-out for a second span, and out of the running one', () => {
    const morning = withSpansApplied({ sundayStart: '08:00', sundayEnd: '12:00' })
    const evening = spansAfterClockIn(morning, 'sunday', '18:00')!
    expect(evening).toEqual([sunday[0], { start: '18:00', end: '' }])
    const running = { ...morning, ...spanFields('sunday', evening) }
    expect(running).toMatchObject({ sundayStart: '08:00', sundayEnd: '' })
    expect(runningStart(running, 'sunday')).toBe('18:00')
    expect(dayPaidMinutes(running, 'sunday')).toBe(240)
    expect(spansAfterClockIn(running, 'sunday', '19:00')).toBeUndefined()
    const done = { ...running, ...spanFields('sunday', spansAfterClockOut(running, 'sunday', '21:00')!) }
    expect(done).toMatchObject({ sundayStart: '08:00', sundayEnd: '21:00', sundaySpans: sunday })
    expect(weekTotalHours(done)).toBe(7)
    expect(spansAfterClockOut(done, 'sunday', '22:00')).toBeUndefined()
  })

  it('drops a later span clocked out in the minute it began, but keeps a day’s only span', () => {
    const again = {
      sundaySpans: [
        { start: '19:33', end: '19:34' },
        { start: '19:34', end: '' },
      ],
    }
    expect(spansAfterClockOut(again, 'sunday', '19:34')).toEqual([{ start: '19:33', end: '19:34' }])
    expect(spansAfterClockOut(again, 'sunday', '19:35')).toEqual([
      { start: '19:33', end: '19:34' },
      { start: '19:34', end: '19:35' },
    ])
    expect(spansAfterClockOut({ sundayStart: '19:34', sundayEnd: '' }, 'sunday', '19:34')).toEqual([
      { start: '19:34', end: '19:34' },
    ])
  })

  it('clocks in on an empty day, or one with only an end, as the spec’s Clock In', () => {
    expect(spansAfterClockIn({}, 'monday', '09:00')).toEqual([{ start: '09:00', end: '' }])
    expect(spansAfterClockIn({ mondayEnd: '17:00' }, 'monday', '09:00')).toEqual([{ start: '09:00', end: '' }])
  })

  it('does not clock in before the last span ended, after one past midnight, or past 4 spans', () => {
    const morning = { sundayStart: '08:00', sundayEnd: '12:00' }
    expect(spansAfterClockIn(morning, 'sunday', '11:00')).toBeUndefined()
    expect(spansAfterClockIn({ sundayStart: '22:00', sundayEnd: '02:00' }, 'sunday', '23:00')).toBeUndefined()
    const four = ['06', '08', '10', '12'].map((h) => ({ start: `${h}:00`, end: `${h}:30` }))
    expect(spansAfterClockIn({ sundaySpans: four }, 'sunday', '15:00')).toBeUndefined()
  })

  it('replaces a last span clocked out in the minute it began, which holds no time', () => {
    expect(spansAfterClockIn({ sundayStart: '08:00', sundayEnd: '08:00' }, 'sunday', '08:00')).toEqual([
      { start: '08:00', end: '' },
    ])
    const zero = { sundaySpans: [sunday[0]!, { start: '18:00', end: '18:00' }] }
    expect(spansAfterClockIn(zero, 'sunday', '18:05')).toEqual([sunday[0], { start: '18:05', end: '' }])
    expect(spansAfterClockIn(zero, 'sunday', '17:00')).toBeUndefined()
  })

  it('reads a day as its spans only when it has two or more; else as its start and end', () => {
    expect(daySpans({ mondayStart: '09:00', mondayEnd: '17:00', mondaySpans: [] }, 'monday')).toEqual([
      { start: '09:00', end: '17:00' },
    ])
    const one = { mondayStart: '08:00', mondayEnd: '17:00', mondaySpans: [{ start: '09:00', end: '17:00' }] }
    expect(daySpans(one, 'monday')).toEqual([{ start: '08:00', end: '17:00' }])
  })

  it('takes a start alone, or an end alone, beside one span as the spec’s day too', () => {
    const start: WeekTimes = { mondayStart: '08:00', mondaySpans: [{ start: '09:00', end: '17:00' }] }
    expect([withSpansApplied(start).mondayStart, withSpansApplied(start).mondayEnd]).toEqual(['08:00', undefined])
    const end: WeekTimes = { mondayEnd: '16:00', mondaySpans: [{ start: '09:00', end: '17:00' }] }
    expect([withSpansApplied(end).mondayStart, withSpansApplied(end).mondayEnd]).toEqual([undefined, '16:00'])
    expect(spansDisagree(start, 'monday')).toBe(false)
    expect(spansDisagree({ mondayStart: '08:00' }, 'monday')).toBe(false)
  })

  it('checks the start against the first span and the end against the last of any number', () => {
    const three = [sunday[0]!, { start: '13:00', end: '14:00' }, sunday[1]!]
    expect(weekSpanProblems({ sundaySpans: three, sundayStart: '08:00', sundayEnd: '21:00' })).toEqual([])
    expect(spansDisagree({ sundaySpans: three, sundayStart: '09:00' }, 'sunday')).toBe(true)
    expect(spansDisagree({ sundaySpans: three, sundayEnd: '14:00' }, 'sunday')).toBe(true)
    // A span that ends as it starts, before another, is out of order.
    expect(spansProblem('sunday', [{ start: '08:00', end: '08:00' }, sunday[1]!])).toBe(spansMessages.order('sunday'))
  })

  it('clocks in again at the minute the last span ended, and out of the third span keeping the others', () => {
    expect(spansAfterClockIn({ sundayStart: '08:00', sundayEnd: '12:00' }, 'sunday', '12:00')).toEqual([
      sunday[0],
      { start: '12:00', end: '' },
    ])
    const third = { sundaySpans: [sunday[0]!, { start: '13:00', end: '14:00' }, { start: '18:00', end: '' }] }
    expect(spansAfterClockOut(third, 'sunday', '21:00')).toEqual([
      sunday[0],
      { start: '13:00', end: '14:00' },
      sunday[1],
    ])
    // A stored day whose last span has no start takes no Clock In.
    expect(
      spansAfterClockIn({ sundaySpans: [sunday[0]!, { start: '', end: '21:00' }] }, 'sunday', '22:00'),
    ).toBeUndefined()
  })

  it('refuses a last span past midnight that ends after the day’s first start (more than 24 hours), naming the day', () => {
    const over = [
      { start: '00:00', end: '23:58' },
      { start: '23:58', end: '23:57' },
    ]
    expect(spansProblem('monday', over)).toBe(
      "Monday time ranges cannot add up to more than 24 hours: the last one must end by the first one's start",
    )
    expect(spansProblem('monday', [over[0]!, { start: '23:58', end: '00:00' }])).toBeUndefined()
    expect(
      spansProblem('monday', [
        { start: '08:00', end: '09:00' },
        { start: '22:00', end: '08:01' },
      ]),
    ).toBe(spansMessages.overDay('monday'))
    expect(
      spansProblem('monday', [
        { start: '08:00', end: '09:00' },
        { start: '22:00', end: '08:00' },
      ]),
    ).toBeUndefined()
    // One span is the spec's day: at most 23:59 however it runs.
    expect(spansProblem('monday', [{ start: '08:00', end: '07:59' }])).toBeUndefined()
    const week = { mondayStart: '00:00', mondayEnd: '23:57', mondaySpans: over }
    expect(weekSpanProblems(week)).toEqual([{ day: 'monday', message: spansMessages.overDay('monday') }])
  })

  it('never accepts a day of more than 24 hours, and refuses a last span only when it ends past the first start', () => {
    fc.assert(
      fc.property(fc.array(time, { minLength: 2, maxLength: 2 * MAX_SPANS }), time, (times, lastEnd) => {
        const sorted = [...new Set(times)].sort()
        if (sorted.length % 2) sorted.pop()
        const spans = Array.from({ length: sorted.length / 2 }, (_, i) => ({
          start: sorted[2 * i]!,
          end: sorted[2 * i + 1]!,
        }))
        if (!spans.length) return
        // The last span ends at any time: later the same day, or past midnight.
        const last = spans.at(-1)!
        last.end = lastEnd
        const overnightPastFirst = spans.length > 1 && lastEnd < last.start && lastEnd > spans[0]!.start
        const problem = spansProblem('tuesday', spans)
        expect(problem === spansMessages.overDay('tuesday')).toBe(overnightPastFirst)
        if (problem === undefined)
          expect(dayShiftMinutes(withSpansApplied({ tuesdaySpans: spans }), 'tuesday')).toBeLessThanOrEqual(24 * 60)
      }),
      { numRuns: 2000 },
    )
  })

  it('pays every accepted day the sum of its spans, and what a Clock In then Clock Out adds is that span', () => {
    fc.assert(
      fc.property(fc.array(time, { minLength: 2, maxLength: 2 * MAX_SPANS }), fc.boolean(), (times, overnight) => {
        const sorted = [...new Set(times)].sort()
        if (sorted.length % 2) sorted.pop()
        const spans = Array.from({ length: sorted.length / 2 }, (_, i) => ({
          start: sorted[2 * i]!,
          end: sorted[2 * i + 1]!,
        }))
        // The last span may run past midnight.
        if (overnight && spans.length > 1) spans[spans.length - 1]!.end = spans[0]!.start
        expect(spansProblem('friday', spans)).toBeUndefined()
        const saved = withSpansApplied({ fridaySpans: spans })
        const sum = spans.reduce((a, s) => a + shiftMinutes(s.start, s.end), 0)
        expect(dayPaidMinutes(saved, 'friday')).toBe(sum)
        expect(daySpans(saved, 'friday')).toEqual(spans)
      }),
    )
  })
})

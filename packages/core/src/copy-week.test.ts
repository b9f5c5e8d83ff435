import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clearedDayFields, copiedDayFields, copyLastWeek, dayIsFilled, daysToCopy } from './copy-week.ts'
import { TimesheetDays } from './timesheet.ts'
import { DAYS } from './week.ts'
import { anyTime as time } from '../test/arbitraries.ts'

const nineToFive = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].flatMap((day) => [
    [`${day}Start`, '09:00'],
    [`${day}End`, '17:00'],
    [`${day}Activity`, 'Office'],
    [`${day}BreakMinutes`, 30],
  ]),
)
/** A week that starts on Sunday, worked that Sunday morning. */
const sundayMorning = { weekStartDate: '2026-11-15', sundayStart: '08:00', sundayEnd: '12:00' }

const day = fc.record({
  start: fc.oneof(fc.constant(''), time),
  end: fc.oneof(fc.constant(''), time),
  activity: fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ maxLength: 8 })),
  break: fc.integer({ min: 0, max: 60 }),
})
const week = fc.tuple(...DAYS.map(() => day), fc.string({ maxLength: 5 })).map((values) =>
  TimesheetDays.parse({
    ...Object.fromEntries(
      DAYS.flatMap((d, i) => {
        const v = values[i] as { start: string; end: string; activity: string; break: number }
        return [
          [`${d}Start`, v.start],
          [`${d}End`, v.end],
          [`${d}Activity`, v.activity],
          [`${d}BreakMinutes`, v.break],
        ]
      }),
    ),
    notes: values[7],
  }),
)

describe('copy last week', () => {
  it('fills Monday to Friday 9:00-17:00 into a fresh week and leaves a day already typed alone', () => {
    const fresh = TimesheetDays.parse({ wednesdayStart: '10:00', wednesdayEnd: '14:00', notes: 'mine' })
    const { days, copied } = copyLastWeek(fresh, { ...nineToFive, notes: 'last week' })
    expect(copied).toEqual(['monday', 'tuesday', 'thursday', 'friday'])
    expect(days).toMatchObject({ mondayStart: '09:00', mondayEnd: '17:00', mondayActivity: 'Office' })
    expect(days.mondayBreakMinutes).toBe(30)
    expect(days).toMatchObject({ wednesdayStart: '10:00', wednesdayEnd: '14:00', wednesdayBreakMinutes: 0 })
    expect(days.notes).toBe('mine')
    expect(days.saturdayStart).toBe('')
  })

  it('lists the copied days in the week’s own order: Sunday first in a week that starts on Sunday', () => {
    const sundayWeek = { ...sundayMorning, mondayActivity: 'Office', saturdayActivity: 'Youth trip' }
    expect(copyLastWeek(TimesheetDays.parse({}), sundayWeek).copied).toEqual(['sunday', 'monday', 'saturday'])
    // Without its start date, a week is read Monday first.
    const { weekStartDate: _unsaid, ...undated } = sundayWeek
    expect(daysToCopy(TimesheetDays.parse({}), undated)).toEqual(['monday', 'saturday', 'sunday'])
  })

  it('counts a day with only an activity as filled, a break alone or blanks as empty, and stored nulls as empty', () => {
    expect(dayIsFilled({ sundayActivity: 'Choir' }, 'sunday')).toBe(true)
    expect(dayIsFilled({ sundayEnd: '12:00' }, 'sunday')).toBe(true)
    expect(dayIsFilled({ sundayBreakMinutes: 30, sundayActivity: '  ' }, 'sunday')).toBe(false)
    expect(dayIsFilled({ sundayStart: null }, 'sunday')).toBe(false)
    expect(daysToCopy(TimesheetDays.parse({}), null)).toEqual([])
    expect(daysToCopy(TimesheetDays.parse({}), { tuesdayStart: null, tuesdayActivity: 'Visits' })).toEqual(['tuesday'])
  })

  it('never changes a filled day or the notes, copies every field of each copied day, and copies nothing twice', () => {
    fc.assert(
      fc.property(week, week, (current, previous) => {
        const { days, copied } = copyLastWeek(current, previous)
        expect(days.notes).toBe(current.notes)
        for (const d of DAYS) {
          const fields = copiedDayFields(d)
          if (copied.includes(d)) {
            expect(dayIsFilled(current, d)).toBe(false)
            for (const f of fields) expect(days[f]).toBe(previous[f])
          } else for (const f of fields) expect(days[f]).toBe(current[f])
        }
        // Something is copied exactly when some day is empty now and filled last week.
        expect(copied.length > 0).toBe(DAYS.some((d) => !dayIsFilled(current, d) && dayIsFilled(previous, d)))
        // Idempotent: a second copy finds nothing more to fill.
        expect(copyLastWeek(days, previous).copied).toEqual([])
      }),
    )
  })
})

describe('clearing a day', () => {
  it('empties every field of that day and no other', () => {
    expect(clearedDayFields('tuesday')).toEqual({
      tuesdayStart: '',
      tuesdayEnd: '',
      tuesdayActivity: '',
      tuesdayBreakMinutes: 0,
      tuesdayAllocations: [],
      tuesdaySpans: undefined,
    })
    expect(Object.keys(clearedDayFields('sunday')).every((f) => f.startsWith('sunday'))).toBe(true)
  })
})

describe("a copied day's fields", () => {
  const last = {
    ...sundayMorning,
    sundayActivity: 'Worship',
    sundayBreakMinutes: 15,
    sundaySpans: [{ start: '08:00', end: '12:00' }],
    sundayAllocations: [{ code: 'youth', minutes: 225 }],
    mondayStart: '09:00',
    mondayEnd: null,
    mondayActivity: null,
    mondayBreakMinutes: null,
    mondaySpans: null,
  }
  const empty = Object.fromEntries(
    TimesheetDays.keyof().options.map((f) => [f, f.endsWith('BreakMinutes') ? 0 : '']),
  ) as unknown as TimesheetDays

  it('takes arrays as they are, and a missing value as the empty one of its kind', () => {
    const { days, copied } = copyLastWeek({ ...empty, sundaySpans: [{ start: '01:00', end: '02:00' }] } as never, last)
    // A week that starts on Sunday copies its days in its own order.
    expect(copied).toEqual(['sunday', 'monday'])
    expect(days).toMatchObject({
      sundayStart: '08:00',
      sundayBreakMinutes: 15,
      sundaySpans: [{ start: '08:00', end: '12:00' }],
      sundayAllocations: [{ code: 'youth', minutes: 225 }],
      mondayStart: '09:00',
      mondayEnd: '',
      mondayActivity: '',
      mondayBreakMinutes: 0,
    })
    expect('mondaySpans' in days).toBe(false)
  })

  it('reads a week without a start date in Monday order, and a day with only an end or activity as filled', () => {
    expect(daysToCopy({}, { sundayEnd: '12:00', mondayActivity: 'Visits', tuesdayStart: '' })).toEqual([
      'monday',
      'sunday',
    ])
    expect(daysToCopy({}, { weekStartDate: 'not a date', sundayEnd: '12:00', mondayActivity: 'Visits' })).toEqual([
      'monday',
      'sunday',
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { TimesheetDays } from '@app/core'
import { compareWeeks } from './week-versions.ts'

describe('compareWeeks', () => {
  const split = [
    { start: '08:00', end: '12:00' },
    { start: '18:00', end: '21:00' },
  ]

  it('shows a split day’s time ranges, and finds a change of a range', () => {
    const mine = TimesheetDays.parse({ sundayStart: '08:00', sundayEnd: '21:00', sundaySpans: split })
    const theirs = TimesheetDays.parse({
      sundayStart: '08:00',
      sundayEnd: '21:00',
      sundaySpans: [split[0], { start: '17:00', end: '21:00' }],
    })
    const sunday = compareWeeks('2026-11-16', mine, theirs).days.find((d) => d.day === 'sunday')!
    expect(sunday.fields.find((f) => f.name === 'Spans')).toEqual({
      name: 'Spans',
      mine: '08:00 - 12:00, 18:00 - 21:00',
      theirs: '08:00 - 12:00, 17:00 - 21:00',
    })
    expect(sunday.differs).toBe(true)
  })

  it('reads the server’s one span and the device’s start and end alone as the same day', () => {
    const mine = TimesheetDays.parse({ mondayStart: '09:00', mondayEnd: '17:00' })
    const theirs = TimesheetDays.parse({
      mondayStart: '09:00',
      mondayEnd: '17:00',
      mondaySpans: [{ start: '09:00', end: '17:00' }],
      tuesdaySpans: [],
    })
    const { days } = compareWeeks('2026-11-16', mine, theirs)
    expect(days.filter((d) => d.differs)).toEqual([])
  })
})

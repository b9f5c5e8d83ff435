/**
 * The wall clock of an instant in a time zone, field by field: the one reading of Intl behind
 * every date and time the product derives from an instant (today's date, a clock time, a CSV's
 * date-time, a zone's offset). Gregorian, Latin digits and 24 hours whatever the runtime's locale.
 */
export interface WallClock {
  /** Four digits. */
  year: string
  /** Two digits each, from here on. */
  month: string
  day: string
  hour: string
  minute: string
  second: string
}

/** Formatters are costly to build (an export asks for thousands of dates): one per zone. */
const formats = new Map<string, Intl.DateTimeFormat>()
const formatIn = (timeZone: string): Intl.DateTimeFormat => {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formats.set(timeZone, format)
  }
  return format
}

/** The wall clock of `at` in `timeZone`. Throws a RangeError for an unknown zone. */
export const wallClockIn = (timeZone: string, at: Date | number): WallClock => {
  const parts = formatIn(timeZone).formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value
  return {
    year: part('year').padStart(4, '0'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  }
}

/** Milliseconds between UTC and the wall clock of `timeZone` at `at` (positive east of UTC). */
export const zoneOffset = (at: number, timeZone: string): number => {
  const c = wallClockIn(timeZone, at)
  const wall = Date.UTC(
    Number(c.year),
    Number(c.month) - 1,
    Number(c.day),
    Number(c.hour),
    Number(c.minute),
    Number(c.second),
  )
  return wall - Math.floor(at / 1000) * 1000
}

import { localDateTime } from '@app/core'

/**
 * The files of an organization's export as pieces, each made as the zip reaches it (zip.ts): a
 * file of 10,000 timesheets is never held whole as text.
 */

type Cell = string | number | null | undefined

/** A header, then a row per item, each made as the file is written (for core's csvLines). */
export function* rowsOf<T>(header: string[], items: Iterable<T>, row: (item: T) => Cell[]): Generator<Cell[]> {
  yield header
  for (const item of items) yield row(item)
}

/** `JSON.stringify(value, null, 2)` and a newline. */
export const json = (value: unknown) => [`${JSON.stringify(value, null, 2)}\n`]

/** `json` of an array, an item at a time (each indented as the whole array's would be). */
export function* jsonArray(items: Iterable<unknown>): Generator<string> {
  let first = true
  for (const item of items) {
    yield `${first ? '[' : ','}\n  ${JSON.stringify(item, null, 2).replaceAll('\n', '\n  ')}`
    first = false
  }
  yield first ? '[]\n' : '\n]\n'
}

/** An instant as the product stores it (ISO 8601, UTC). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/
export const isInstant = (value: unknown): value is string => typeof value === 'string' && INSTANT.test(value)

/**
 * The CSV cell of a value as the organization's other CSVs write times: an instant as the local
 * date-time of `timeZone` ('2026-11-22 19:30'), anything else as it is.
 */
export const inZone = (value: Cell, timeZone: string): Cell =>
  isInstant(value) ? localDateTime(value, timeZone) : value

/** A time column's title names the zone its times are in, as the other CSVs' titles do: 'Created at (America/Chicago)'. */
export const zoned = (title: string, timeZone: string) => `${title} (${timeZone})`

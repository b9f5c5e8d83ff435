/**
 * The files of an organization's export (issue 35) as pieces, each made as the zip reaches it
 * (zip.ts): a file of 10,000 timesheets is never held whole as text.
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

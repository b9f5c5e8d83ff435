import { loadavg } from 'node:os'

/** Small numeric helpers for the benchmark. */

/** The q-quantile (0..1) of the values, by linear interpolation between the closest ranks. */
export const quantile = (values: number[], q: number): number => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const pos = (sorted.length - 1) * q
  const lo = Math.floor(pos)
  const hi = Math.ceil(pos)
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo)
}

export const median = (values: number[]) => quantile(values, 0.5)

export const kb = (bytes: number) => bytes / 1024
export const mb = (bytes: number) => bytes / (1024 * 1024)

/** A number with a fixed count of decimals, or '—' when it was not measured. */
export const fmt = (n: number | undefined, decimals = 1) =>
  n === undefined || !Number.isFinite(n) ? '—' : n.toFixed(decimals)

/** The 1-, 5- and 15-minute load averages, two decimals each ('0.52 0.61 0.70'). */
export const loadAverages = () =>
  loadavg()
    .map((n) => fmt(n, 2))
    .join(' ')

/** Runs `task` over the items with at most `limit` running at once, keeping the order of results. */
export const mapLimit = async <T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>) => {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await task(items[i]!, i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/**
 * Runs `work` on each item, `workers` at a time, in the list's order. An item whose work failed
 * with an error `again` accepts (a dependency busy: a transaction conflict, throttling) goes back
 * to the end of the queue, `tries` times in all. Any other failure, or the last try's, stops the
 * workers taking new items; it is thrown once the items in hand have settled, so nothing is still
 * being written when the caller handles it.
 */
export const sideBySide = async <T>(
  items: readonly T[],
  workers: number,
  work: (item: T) => Promise<void>,
  { again = () => false, tries = 3 }: { again?: (e: unknown) => boolean; tries?: number } = {},
) => {
  const queue = items.map((item) => ({ item, tried: 0 }))
  let failure: { error: unknown } | undefined
  const worker = async () => {
    while (!failure) {
      const next = queue.shift()
      if (!next) return
      try {
        await work(next.item)
      } catch (error) {
        next.tried++
        if (again(error) && next.tried < tries) queue.push(next)
        else failure ??= { error }
      }
    }
  }
  await Promise.all(Array.from({ length: workers }, worker))
  if (failure) throw failure.error
}

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { apiJson } from './client.ts'

/** How the reads a write changed are read again. */
interface ReadAgain {
  /** After a refusal too (a 409: the list changed elsewhere), not only after a success. */
  always?: boolean
  /**
   * The write is done at once and the reads follow in the background, so the caller's own
   * callbacks run before a refetched list may take away the row that made the write.
   */
  background?: boolean
}

/** Reads every key in `keys` again (only the ones on screen go out at once); awaited unless `background`. */
const readAgain = (
  queryClient: ReturnType<typeof useQueryClient>,
  keys: readonly QueryKey[],
  { background = false }: ReadAgain = {},
) => {
  const done = Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
  return background ? undefined : done
}

/**
 * A write whose answer is the new state of the read at `key`: the answer is kept there at once,
 * and the reads at `stale` (which the write changed too) are read again.
 */
export function useWriteThrough<Input, Answer>(
  key: QueryKey,
  write: (input: Input) => Promise<Answer>,
  stale: readonly QueryKey[] = [],
  how: ReadAgain = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: (answer: Answer) => {
      queryClient.setQueryData(key, answer)
      return readAgain(queryClient, stale, how)
    },
  })
}

/** A `useWriteThrough` that PUTs its input to the URL its key names (the read's own URL). */
export const usePutThrough = <Input, Answer>(
  key: readonly [string],
  stale: readonly QueryKey[] = [],
  how: ReadAgain = {},
) => useWriteThrough(key, (input: Input) => apiJson<Answer>('PUT', key[0], input), stale, how)

/** A write after which the reads at `stale` are read again (see `ReadAgain`). */
export function useWriteThenRead<Input, Answer>(
  write: (input: Input) => Promise<Answer>,
  stale: readonly QueryKey[],
  how: ReadAgain = {},
) {
  const queryClient = useQueryClient()
  const refresh = () => readAgain(queryClient, stale, how)
  return useMutation({ mutationFn: write, ...(how.always ? { onSettled: refresh } : { onSuccess: refresh }) })
}

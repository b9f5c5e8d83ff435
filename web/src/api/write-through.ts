import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'

/** Reads every key in `keys` again (only the ones on screen go out at once). */
const readAgain = (queryClient: ReturnType<typeof useQueryClient>, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))

/**
 * A write whose answer is the new state of the read at `key`: the answer is kept there at once,
 * and the reads at `stale` (which the write changed too) are read again.
 */
export function useWriteThrough<Input, Answer>(
  key: QueryKey,
  write: (input: Input) => Promise<Answer>,
  stale: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: (answer: Answer) => {
      queryClient.setQueryData(key, answer)
      return readAgain(queryClient, stale)
    },
  })
}

/**
 * A write after which the reads at `stale` are read again: after it succeeded, or (`always`) after
 * a refusal too, where a refusal such as a 409 means the list changed elsewhere.
 */
export function useWriteThenRead<Input, Answer>(
  write: (input: Input) => Promise<Answer>,
  stale: readonly QueryKey[],
  { always = false }: { always?: boolean } = {},
) {
  const queryClient = useQueryClient()
  const refresh = () => readAgain(queryClient, stale)
  return useMutation({ mutationFn: write, ...(always ? { onSettled: refresh } : { onSuccess: refresh }) })
}

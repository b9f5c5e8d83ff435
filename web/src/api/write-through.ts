import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'

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
      return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
  })
}

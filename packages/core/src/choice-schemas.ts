import * as z from 'zod'

/**
 * A choice of one or more of `option`'s values (a token's scopes, a webhook's events), each kept
 * once in the order first given; refused with `message` when it is no list or chooses none.
 */
export const chosenAtLeastOne = <T extends z.ZodType>(option: T, message: string) =>
  z
    .array(option, { error: message })
    .min(1, { error: message })
    .transform((values) => [...new Set(values)])

import * as z from 'zod'

/**
 * A reviewer a request's review email waits for (a timesheet's submission or first approval, a
 * time-off request): their address is not confirmed yet, so the email is held until they confirm
 * it (up to 14 days, then dropped with an audit record). Answers name them so the one who asked
 * can be told who will hear of it, and when.
 */
export const HeldReviewer = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })
export type HeldReviewer = z.infer<typeof HeldReviewer>

import { GustoMatchingView } from '@app/core'
import { gustoMatchingView } from '../workflows/gusto-connection.ts'
import { matchingRead } from '../workflows/matching-routes.ts'

/** Gusto's employees and time-off policies beside our paid members and kinds of leave. */
export default matchingRead('gusto', GustoMatchingView, gustoMatchingView)

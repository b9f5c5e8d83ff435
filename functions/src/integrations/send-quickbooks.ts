import { QuickbooksSendStatus } from '@app/core'
import { sendRoute } from '../workflows/vendor-send-route.ts'

/**
 * Queues a closed pay period's send to QuickBooks Online: one TimeActivity per member, day, code
 * and kind of pay; its status has the shape Gusto's send answers.
 */
export default sendRoute('quickbooks', QuickbooksSendStatus)

import { GustoSendStatus } from '@app/core'
import { sendRoute } from '../workflows/vendor-send-route.ts'

/** Queues a closed period's send to Gusto: time sheets, the payroll sync and paid time off. */
export default sendRoute('gusto', GustoSendStatus)

import { outbox } from '@app/data'
import { retryDueEmails } from '../workflows/mailer.ts'

export const METRICS_NAMESPACE = 'MinistryTimesheets'

/**
 * Scheduled every few minutes in AWS (and by a timer on the local stack): sends emails still due,
 * then reports the outbox's health as CloudWatch metrics (embedded metric format) for the alarms.
 */
export const handler = async () => {
  const result = await retryDueEmails()
  const health = await outbox.health()
  if (result.tried || health.dead || process.env.AWS_LAMBDA_FUNCTION_NAME) {
    console.log(
      JSON.stringify({
        _aws: {
          Timestamp: Date.now(),
          CloudWatchMetrics: [
            {
              Namespace: METRICS_NAMESPACE,
              Dimensions: [[]],
              Metrics: [
                { Name: 'EmailOutboxOldestDueSeconds', Unit: 'Seconds' },
                { Name: 'EmailOutboxDead', Unit: 'Count' },
              ],
            },
          ],
        },
        event: 'email-retry',
        ...result,
        EmailOutboxOldestDueSeconds: health.oldestDueSeconds,
        EmailOutboxDead: health.dead,
      }),
    )
  }
  return { ...result, ...health }
}

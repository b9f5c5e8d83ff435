import { outbox } from '@app/data'
import { retryDueEmails } from '../workflows/mailer.ts'
import { retryDueWebhooks } from '../workflows/webhook-sender.ts'
import { integrationSendJob } from './integration-sends-job.ts'

export const METRICS_NAMESPACE = 'MinistryTimesheets'

/**
 * One CloudWatch embedded metric format (EMF) document: the outbox's health as two metrics with
 * no dimensions, plus the run's counts as plain fields (searchable, not metrics).
 */
export const outboxMetricsLine = (
  run: Record<string, number>,
  health: { oldestDueSeconds: number; dead: number },
  timestamp: number,
) =>
  JSON.stringify({
    _aws: {
      Timestamp: timestamp,
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
    ...run,
    EmailOutboxOldestDueSeconds: health.oldestDueSeconds,
    EmailOutboxDead: health.dead,
  })

/**
 * Written straight to stdout, not with console.log: with the JSON log format (infra sets it on every
 * function) Lambda's Node runtime wraps a console.log line as a string inside `message`, and
 * CloudWatch extracts no metric from that. A line that is already a JSON object reaches the log
 * as it is, which is what the EMF client libraries do too.
 */
export const writeMetrics = (line: string) => {
  process.stdout.write(`${line}\n`)
}

/**
 * Scheduled every few minutes in AWS (and by a timer on the local stack): sends emails still due
 * and tries webhook deliveries still due (the outbox's retries, with their backoff), runs the
 * pay periods' sends to QuickBooks Online and Gusto whose time has come (queued by Send, or again
 * after a 429 or an outage), then reports the outbox's health as CloudWatch metrics for the alarms.
 */
export const handler = async () => {
  const result = { ...(await retryDueEmails()), ...(await retryDueWebhooks()) }
  const health = await outbox.health()
  if (result.tried || result.webhooksTried || health.dead || process.env.AWS_LAMBDA_FUNCTION_NAME) {
    writeMetrics(outboxMetricsLine({ ...result }, health, Date.now()))
  }
  const sends = await integrationSendJob()
  return { ...result, ...health, ...sends }
}

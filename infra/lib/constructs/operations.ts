import { Duration } from 'aws-cdk-lib'
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2'
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch'
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { Topic } from 'aws-cdk-lib/aws-sns'
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions'
import type { IQueue } from 'aws-cdk-lib/aws-sqs'
import { Construct } from 'constructs'

/** Route functions whose alarms go next to them (a RouteGroup: its nested stack, route-group.ts). */
export interface FunctionGroup extends Construct {
  /** The prefix of the alarms' construct ids, so their logical ids differ from other groups'. */
  readonly idPrefix: string
  readonly functions: ReadonlyMap<string, IFunction>
}

export interface OperationsProps {
  api: HttpApi
  /** The route functions, by group: each group's errors and throttles alarms are made in it. */
  functionGroups: Iterable<FunctionGroup>
  table: ITable
  /** The email retry job, and the dead-letter queue of its failed runs. */
  emailJob: { fn: IFunction; deadLetterQueue: IQueue }
  alarmEmail?: string
}

/**
 * The metrics the email retry job logs (embedded metric format, no dimensions):
 * functions/src/jobs/retry-emails.ts.
 */
export const outboxMetrics = {
  namespace: 'MinistryTimesheets',
  oldestDueSeconds: 'EmailOutboxOldestDueSeconds',
  dead: 'EmailOutboxDead',
} as const

/** Alarm thresholds on the SES account's reputation metrics (fractions, as SES publishes them). */
export const sesLimits = { bounceRate: 0.025, complaintRate: 0.0005 } as const

interface AlarmOptions {
  description: string
  /** Default: metric >= threshold. */
  comparison?: ComparisonOperator
  /** Default: NOT_BREACHING. */
  missingData?: TreatMissingData
  /** Where the alarm is made (default: this construct). */
  scope?: Construct
}

const FIVE_MINUTES = Duration.minutes(5)
const FIFTEEN_MINUTES = Duration.minutes(15)
const METRICS_PER_ALARM = 10

/**
 * Alarms, all sent to one SNS topic (with an email subscription when `alarmEmail` is given):
 * API 5xx answers, function errors and throttles (every function, ten to an alarm), table
 * throttling, the email outbox (the retry job failing, an email due for over an hour, an email
 * given up on, a job run given up on), and the SES account's bounce and complaint rates.
 */
export class Operations extends Construct {
  readonly topic: Topic
  readonly alarms: Alarm[] = []

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id)
    this.topic = new Topic(this, 'Alarms', { displayName: 'Ministry timesheets alarms', enforceSSL: true })
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail))

    this.alarm('Api5xx', props.api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }), 5, {
      description: 'The API answered 5 or more 5xx in five minutes',
    })

    // A metric-math alarm may read at most 10 metrics: one errors and one throttles alarm per
    // 10 functions (not two per function), in the functions' own group, so that the parent stack
    // does not grow with the routes.
    for (const group of props.functionGroups) {
      const functions = [...group.functions]
      for (let i = 0; i * METRICS_PER_ALARM < functions.length; i++) {
        const chunk = functions.slice(i * METRICS_PER_ALARM, (i + 1) * METRICS_PER_ALARM)
        const keys = chunk.map(([key]) => key).join(', ')
        const sum = (metric: (fn: IFunction) => IMetric, label: string) =>
          new MathExpression({
            expression: 'SUM(FILL(METRICS(), 0))',
            usingMetrics: Object.fromEntries(chunk.map(([, fn], j) => [`f${j}`, metric(fn)])),
            period: FIVE_MINUTES,
            label,
          })
        this.alarm(
          `${group.idPrefix}FunctionErrors${i + 1}`,
          sum((fn) => fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 'Function errors'),
          1,
          { description: `A function failed (an unhandled error or a timeout): one of ${keys}`, scope: group },
        )
        this.alarm(
          `${group.idPrefix}FunctionThrottles${i + 1}`,
          sum((fn) => fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), 'Function throttles'),
          1,
          { description: `A function was throttled (the account's concurrency ran out): one of ${keys}`, scope: group },
        )
      }
    }

    const tableMetric = (name: string) =>
      props.table.metric(name, { period: FIVE_MINUTES, statistic: 'Sum' }) satisfies IMetric
    this.alarm(
      'TableThrottles',
      new MathExpression({
        expression: 'reads + writes',
        usingMetrics: { reads: tableMetric('ReadThrottleEvents'), writes: tableMetric('WriteThrottleEvents') },
        period: FIVE_MINUTES,
        label: 'Throttled table requests',
      }),
      1,
      { description: 'DynamoDB throttled reads or writes on the table' },
    )

    // The email retry job (jobs.ts) and the outbox health it reports every run (every five
    // minutes, so a 15-minute period always holds a data point while the job runs).
    const job = props.emailJob
    this.alarm('EmailJobErrors', job.fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, {
      description: 'The email retry job failed (an unhandled error or a timeout); Lambda tries it again',
    })
    const outbox = (metricName: string) =>
      new Metric({ namespace: outboxMetrics.namespace, metricName, period: FIFTEEN_MINUTES, statistic: 'Maximum' })
    // When the job stops reporting (it fails), these keep their state: EmailJobErrors speaks then.
    this.alarm('EmailOutboxOldestDue', outbox(outboxMetrics.oldestDueSeconds), 3600, {
      description: 'An email has waited more than an hour to be sent (SES refusing, or the retry job failing)',
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      missingData: TreatMissingData.IGNORE,
    })
    this.alarm('EmailOutboxDead', outbox(outboxMetrics.dead), 0, {
      description: 'The outbox gave up on an email after its last try (see the outbox items marked dead in the table)',
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      missingData: TreatMissingData.IGNORE,
    })
    // SES reviews an account at a 5% bounce or 0.1% complaint rate and may pause its sending (for
    // every tenant) at 10% / 0.5%: say so at half those review rates.
    const reputation = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, period: FIFTEEN_MINUTES, statistic: 'Maximum' })
    this.alarm('SesBounceRate', reputation('Reputation.BounceRate'), sesLimits.bounceRate, {
      description:
        'SES bounce rate above 2.5% (SES reviews the account at 5% and may pause sending at 10%): look for an organization adding members with made-up addresses',
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
    })
    this.alarm('SesComplaintRate', reputation('Reputation.ComplaintRate'), sesLimits.complaintRate, {
      description:
        'SES complaint rate above 0.05% (SES reviews the account at 0.1% and may pause sending at 0.5%): look for an organization mailing people who never asked',
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
    })
    this.alarm(
      'EmailJobDeadLetters',
      job.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      0,
      {
        description: "Runs of the email retry job were given up on (see the job's dead-letter queue)",
        comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      },
    )
  }

  private alarm(id: string, metric: IMetric, threshold: number, opts: AlarmOptions) {
    const alarm = new Alarm(opts.scope ?? this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: opts.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: opts.missingData ?? TreatMissingData.NOT_BREACHING,
      alarmDescription: opts.description,
    })
    alarm.addAlarmAction(new SnsAction(this.topic))
    this.alarms.push(alarm)
    return alarm
  }
}

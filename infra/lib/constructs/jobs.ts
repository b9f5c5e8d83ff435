import { join } from 'node:path'
import { Duration } from 'aws-cdk-lib'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import { Rule, Schedule } from 'aws-cdk-lib/aws-events'
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets'
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs'
import { Construct } from 'constructs'
import { readSecret, sendEmail, tableStatements } from './api.ts'
import { functionTimeouts, jobEveryMinutes } from '../definition.ts'
import { retryJobEnvironment } from '../environment.ts'
import { appFunction } from './lambda.ts'

/** The retry job's module (relative to the project root): it exports `handler` and needs no event. */
export const retryEmailsEntry = 'functions/src/jobs/retry-emails.ts'
/** The reminders job's module: it exports `handler`; a scheduled event runs it as scheduled. */
export const remindersEntry = 'functions/src/jobs/reminders.ts'

/** How often the retry job runs, and how often EventBridge and Lambda try a failed run again. */
export const RETRY_EVERY = Duration.minutes(5)
export const RETRY_ATTEMPTS = 2

export interface JobsProps {
  /** The repository root: holds package-lock.json and functions/src. */
  projectRoot: string
  appOrigin: string
  table: ITable
  email: { identityArn: string; mailFrom: string; linkSecret: ISecret }
}

/**
 * Scheduled work. The email retry job (functions/src/jobs/retry-emails.ts) sends the outbox's due
 * emails every five minutes and reports the outbox's health as CloudWatch metrics (embedded
 * metric format, namespace MinistryTimesheets), which operations.ts alarms on.
 *
 * A run that fails is tried again (by Lambda, RETRY_ATTEMPTS times) and then lands in the
 * dead-letter queue, as does a scheduled event EventBridge could not deliver; the queue has an
 * alarm. A lost run loses no email: the next run sends whatever is still due.
 */
export class Jobs extends Construct {
  readonly retryEmails: NodejsFunction
  readonly reminders: NodejsFunction
  readonly deadLetterQueue: Queue
  readonly schedule: Rule
  readonly remindersSchedule: Rule

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id)
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    })

    // The table as a route's 'table' use has it; of 'email', sending and the link secret (no
    // ses:GetAccount: the job has no health probe).
    this.retryEmails = appFunction(this, 'RetryEmails', {
      description: `Sends the email outbox's due emails, every ${RETRY_EVERY.toMinutes()} minutes (${retryEmailsEntry})`,
      roleDescription: 'The email retry job: may use the table, send email, and read the email link secret',
      entry: join(props.projectRoot, retryEmailsEntry),
      projectRoot: props.projectRoot,
      timeout: Duration.seconds(functionTimeouts.retryEmails),
      statements: [
        ...tableStatements(props.table),
        sendEmail(props.email.identityArn),
        readSecret(props.email.linkSecret),
      ],
      environment: retryJobEnvironment({
        appOrigin: props.appOrigin,
        tableName: props.table.tableName,
        mailFrom: props.email.mailFrom,
        emailLinkSecret: { arn: props.email.linkSecret.secretArn },
      }),
      // A run still waiting after an hour (throttled) is dropped into the queue: later runs do its work.
      extra: { deadLetterQueue: this.deadLetterQueue, retryAttempts: RETRY_ATTEMPTS, maxEventAge: Duration.hours(1) },
    })

    // The reminders job: the same grants as the retry job (it reads the table, records each
    // reminder with its outbox email, sends, and signs decision and unsubscribe links).
    this.reminders = appFunction(this, 'Reminders', {
      description: `Queues and sends due reminders, every ${jobEveryMinutes.reminders} minutes (${remindersEntry})`,
      roleDescription: 'The reminders job: may use the table, send email, and read the email link secret',
      entry: join(props.projectRoot, remindersEntry),
      projectRoot: props.projectRoot,
      timeout: Duration.seconds(functionTimeouts.reminders),
      statements: [
        ...tableStatements(props.table),
        sendEmail(props.email.identityArn),
        readSecret(props.email.linkSecret),
      ],
      environment: retryJobEnvironment({
        appOrigin: props.appOrigin,
        tableName: props.table.tableName,
        mailFrom: props.email.mailFrom,
        emailLinkSecret: { arn: props.email.linkSecret.secretArn },
      }),
      // A late run is harmless (each reminder is sent once) and a missed one is caught up by the next.
      extra: { deadLetterQueue: this.deadLetterQueue, retryAttempts: RETRY_ATTEMPTS, maxEventAge: Duration.hours(1) },
    })
    this.remindersSchedule = new Rule(this, 'RemindersSchedule', {
      description: 'Runs the reminders job',
      schedule: Schedule.rate(Duration.minutes(jobEveryMinutes.reminders)),
      targets: [
        new LambdaFunction(this.reminders, {
          deadLetterQueue: this.deadLetterQueue,
          retryAttempts: RETRY_ATTEMPTS,
          maxEventAge: Duration.hours(1),
        }),
      ],
    })

    this.schedule = new Rule(this, 'RetryEmailsSchedule', {
      description: 'Runs the email retry job',
      schedule: Schedule.rate(RETRY_EVERY),
      targets: [
        new LambdaFunction(this.retryEmails, {
          deadLetterQueue: this.deadLetterQueue,
          retryAttempts: RETRY_ATTEMPTS,
          maxEventAge: Duration.hours(1),
        }),
      ],
    })
  }
}

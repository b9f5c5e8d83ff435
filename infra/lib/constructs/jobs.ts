import { join } from 'node:path'
import { Duration } from 'aws-cdk-lib'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import type { PolicyStatement } from 'aws-cdk-lib/aws-iam'
import type { IBucket } from 'aws-cdk-lib/aws-s3'
import { Rule, Schedule } from 'aws-cdk-lib/aws-events'
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets'
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs'
import { Construct } from 'constructs'
import { auditAppendOnly, objectActions, readSecret, sendEmail, tableStatements } from './api.ts'
import { functionTimeouts, jobEveryMinutes } from '../definition.ts'
import { exportJobEnvironment, retryJobEnvironment } from '../environment.ts'
import { allow, appFunction } from './lambda.ts'

/** The retry job's module (relative to the project root): it exports `handler` and needs no event. */
export const retryEmailsEntry = 'functions/src/jobs/retry-emails.ts'
/** The reminders job's module: it exports `handler`; a scheduled event runs it as scheduled. */
export const remindersEntry = 'functions/src/jobs/reminders.ts'
/** The export job's module (issue 35): it makes the zips of the exports asked for. */
export const exportEntry = 'functions/src/jobs/export-organization.ts'

/** How often the retry job runs, and how often EventBridge and Lambda try a failed run again. */
export const RETRY_EVERY = Duration.minutes(5)
export const RETRY_ATTEMPTS = 2

export interface JobsProps {
  /** The repository root: holds package-lock.json and functions/src. */
  projectRoot: string
  appOrigin: string
  table: ITable
  email: { identityArn: string; mailFrom: string; linkSecret: ISecret }
  /** Where the export job writes an organization's zip. */
  exportsBucket: IBucket
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
  readonly export: NodejsFunction
  readonly exportSchedule: Rule

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id)
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    })
    const retry = this.job(props, 'RetryEmails', {
      description: `Sends the email outbox's due emails, every ${RETRY_EVERY.toMinutes()} minutes (${retryEmailsEntry})`,
      roleDescription: 'The email retry job: may use the table, send email, and read the email link secret',
      entry: retryEmailsEntry,
      timeout: Duration.seconds(functionTimeouts.retryEmails),
      every: RETRY_EVERY,
      scheduleDescription: 'Runs the email retry job',
    })
    this.retryEmails = retry.fn
    this.schedule = retry.schedule
    // The reminders job needs what the retry job does: it reads the table, records each reminder
    // with its outbox email, sends, and signs decision and unsubscribe links.
    const reminders = this.job(props, 'Reminders', {
      description: `Queues and sends due reminders, every ${jobEveryMinutes.reminders} minutes (${remindersEntry})`,
      roleDescription: 'The reminders job: may use the table, send email, and read the email link secret',
      entry: remindersEntry,
      timeout: Duration.seconds(functionTimeouts.reminders),
      every: Duration.minutes(jobEveryMinutes.reminders),
      scheduleDescription: 'Runs the reminders job',
    })
    this.reminders = reminders.fn
    this.remindersSchedule = reminders.schedule
    // The export job reads the table, writes each zip to the exports bucket, and emails the supervisor.
    const exportJob = this.job(props, 'Export', {
      description: `Makes the zips of all-data exports asked for, every ${jobEveryMinutes.export} minute (${exportEntry})`,
      roleDescription: 'The export job: may use the table, write to the exports bucket, and send email',
      entry: exportEntry,
      timeout: Duration.seconds(functionTimeouts.export),
      every: Duration.minutes(jobEveryMinutes.export),
      scheduleDescription: 'Runs the export job',
      statements: [
        allow(objectActions, [props.exportsBucket.arnForObjects('*')]),
        allow(['s3:ListBucket'], [props.exportsBucket.bucketArn]),
      ],
      environment: exportJobEnvironment({
        appOrigin: props.appOrigin,
        tableName: props.table.tableName,
        mailFrom: props.email.mailFrom,
        emailLinkSecret: { arn: props.email.linkSecret.secretArn },
        exportsBucket: props.exportsBucket.bucketName,
      }),
    })
    this.export = exportJob.fn
    this.exportSchedule = exportJob.schedule
  }

  /**
   * A job's function and the rule (`<id>Schedule`) that runs it. Its grants are the table as a
   * route's 'table' use has it and, of 'email', sending and the link secret (no ses:GetAccount:
   * a job has no health probe). A run, and a scheduled event, still waiting after an hour
   * (throttled) is dropped into the queue: a late run is harmless and the next one does its work.
   */
  private job(
    props: JobsProps,
    id: string,
    job: {
      description: string
      roleDescription: string
      /** The module, relative to the project root; it exports `handler`. */
      entry: string
      timeout: Duration
      every: Duration
      scheduleDescription: string
      /** Beyond the table and email (the export job's bucket). */
      statements?: PolicyStatement[]
      environment?: Record<string, string>
    },
  ) {
    const retries = {
      deadLetterQueue: this.deadLetterQueue,
      retryAttempts: RETRY_ATTEMPTS,
      maxEventAge: Duration.hours(1),
    }
    const fn = appFunction(this, id, {
      description: job.description,
      roleDescription: job.roleDescription,
      entry: join(props.projectRoot, job.entry),
      projectRoot: props.projectRoot,
      timeout: job.timeout,
      statements: [
        ...tableStatements(props.table),
        sendEmail(props.email.identityArn),
        readSecret(props.email.linkSecret),
        auditAppendOnly(props.table),
        ...(job.statements ?? []),
      ],
      environment:
        job.environment ??
        retryJobEnvironment({
          appOrigin: props.appOrigin,
          tableName: props.table.tableName,
          mailFrom: props.email.mailFrom,
          emailLinkSecret: { arn: props.email.linkSecret.secretArn },
        }),
      extra: retries,
    })
    const schedule = new Rule(this, `${id}Schedule`, {
      description: job.scheduleDescription,
      schedule: Schedule.rate(job.every),
      targets: [new LambdaFunction(fn, retries)],
    })
    return { fn, schedule }
  }
}

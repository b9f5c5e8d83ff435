import { join } from 'node:path'
import { Duration } from 'aws-cdk-lib'
import type { IUserPool } from 'aws-cdk-lib/aws-cognito'
import type { IKey } from 'aws-cdk-lib/aws-kms'
import type { ITable } from 'aws-cdk-lib/aws-dynamodb'
import { PolicyStatement } from 'aws-cdk-lib/aws-iam'
import type { IBucket } from 'aws-cdk-lib/aws-s3'
import { Rule, Schedule } from 'aws-cdk-lib/aws-events'
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets'
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs'
import { Construct } from 'constructs'
import {
  auditAppendOnly,
  auditEraseOnly,
  objectActions,
  readSecret,
  sealWith,
  sendEmail,
  tableActions,
  tableStatements,
} from './api.ts'
import { functionTimeouts, jobEveryMinutes } from '../definition.ts'
import { jobEnvironments, type EnvironmentValues, type JobName } from '../environment.ts'
import { allow, appFunction } from './lambda.ts'

/** Each scheduled job's module (relative to the project root): each exports `handler`. */
export const jobEntries = {
  /** Sends the outbox's due emails; it needs no event. */
  retryEmails: 'functions/src/jobs/retry-emails.ts',
  /** A scheduled event runs it as scheduled. */
  reminders: 'functions/src/jobs/reminders.ts',
  /** Makes the zips of the exports asked for. */
  export: 'functions/src/jobs/export-organization.ts',
  /** Applies the imports of members from a file asked for. */
  importMembers: 'functions/src/jobs/import-members.ts',
  /** Erases the closed organizations whose date has come. */
  eraseClosed: 'functions/src/jobs/erase-closed.ts',
  /** Carryover and yearly time-off accruals, once each. */
  timeOffYearly: 'functions/src/jobs/time-off-yearly.ts',
  /** The nightly reconciliation with Planning Center People. */
  planningCenterSync: 'functions/src/jobs/planning-center-sync.ts',
} satisfies Record<JobName, string>

/**
 * The prefix of one organization's objects in a bucket: every key of its files begins with its id,
 * a UUID (packages/data/src/system.ts and seed.ts make them), then '/' (packages/adapters/src/files.ts).
 * IAM's `?` matches one character, so this matches an organization's folder and nothing at the
 * bucket's top level (the health probe's key).
 */
export const ORG_PREFIX = '????????-????-????-????-????????????'

/**
 * What the erasure job calls on the table (functions/src/jobs/erase-closed.ts): reads and queries,
 * the warning's transaction (an update and outbox puts), sending it (outbox updates and deletes),
 * the tombstone (an update), and the deletes (batches, and one by one for the audit trail). It
 * makes no ConditionCheck: every other action of a route's table grant.
 */
export const eraseTableActions = tableActions.filter((a) => a !== 'dynamodb:ConditionCheckItem')

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
  /** The erasure job deletes an organization's objects in both buckets, and its staff sign-in accounts. */
  logosBucket: IBucket
  staffPool: IUserPool
  /** The erasure job deletes the supervisor accounts whose only organization it erases. */
  supervisorPool: IUserPool
  /** The key that seals webhook signing secrets and vendor tokens: the retry job delivers webhooks and vendor sends. */
  secretsKey: IKey
  /**
   * The vendors' app settings (client id and secret): the retry job refreshes their tokens while
   * sending, and Planning Center's reconciliation while reading.
   */
  integrations: ISecret
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
  readonly importMembers: NodejsFunction
  readonly importMembersSchedule: Rule
  readonly eraseClosed: NodejsFunction
  readonly eraseClosedSchedule: Rule
  readonly timeOffYearly: NodejsFunction
  readonly timeOffYearlySchedule: Rule
  readonly planningCenterSync: NodejsFunction
  readonly planningCenterSyncSchedule: Rule

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id)
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    })
    const values: Parameters<typeof jobEnvironments.eraseClosed>[0] &
      Parameters<typeof jobEnvironments.export>[0] &
      Pick<EnvironmentValues, 'emailLinkSecret' | 'secretsKey' | 'integrations'> = {
      appOrigin: props.appOrigin,
      tableName: props.table.tableName,
      mailFrom: props.email.mailFrom,
      emailLinkSecret: { arn: props.email.linkSecret.secretArn },
      exportsBucket: props.exportsBucket.bucketName,
      logosBucket: props.logosBucket.bucketName,
      staffPoolId: props.staffPool.userPoolId,
      supervisorPoolId: props.supervisorPool.userPoolId,
      secretsKey: { keyId: props.secretsKey.keyArn },
      integrations: { arn: props.integrations.secretArn },
    }
    // The table as a route's 'table' use has it, and of 'email' sending and the link secret (no
    // ses:GetAccount: a job has no health probe); audit records stay append-only.
    const usual = [
      ...tableStatements(props.table),
      sendEmail(props.email.identityArn),
      readSecret(props.email.linkSecret),
      auditAppendOnly(props.table),
    ]
    const retry = this.job(props, 'RetryEmails', {
      description: `Sends the email outbox's due emails, every ${RETRY_EVERY.toMinutes()} minutes (${jobEntries.retryEmails})`,
      roleDescription:
        "The email retry job: may use the table, send email, read the email link secret and the vendors' settings, and open sealed webhook secrets and vendor tokens",
      entry: jobEntries.retryEmails,
      timeout: Duration.seconds(functionTimeouts.retryEmails),
      every: RETRY_EVERY,
      scheduleDescription: 'Runs the email retry job',
      // It delivers the due webhooks too, signed with their sealed secrets, and the vendor sends.
      statements: [...usual, sealWith(props.secretsKey), readSecret(props.integrations)],
      environment: jobEnvironments.retryEmails(values),
    })
    this.retryEmails = retry.fn
    this.schedule = retry.schedule
    // The reminders job needs what the retry job does: it reads the table, records each reminder
    // with its outbox email, sends, and signs decision and unsubscribe links.
    const reminders = this.job(props, 'Reminders', {
      description: `Queues and sends due reminders, every ${jobEveryMinutes.reminders} minutes (${jobEntries.reminders})`,
      roleDescription: 'The reminders job: may use the table, send email, and read the email link secret',
      entry: jobEntries.reminders,
      timeout: Duration.seconds(functionTimeouts.reminders),
      every: Duration.minutes(jobEveryMinutes.reminders),
      scheduleDescription: 'Runs the reminders job',
      statements: usual,
      environment: jobEnvironments.reminders(values),
    })
    this.reminders = reminders.fn
    this.remindersSchedule = reminders.schedule
    // The export job reads the table, writes each zip to the exports bucket, and emails the supervisor.
    const exportJob = this.job(props, 'Export', {
      description: `Makes the zips of all-data exports asked for, every ${jobEveryMinutes.export} minute (${jobEntries.export})`,
      roleDescription: 'The export job: may use the table, write to the exports bucket, and send email',
      entry: jobEntries.export,
      timeout: Duration.seconds(functionTimeouts.export),
      every: Duration.minutes(jobEveryMinutes.export),
      scheduleDescription: 'Runs the export job',
      statements: [
        ...usual,
        allow(objectActions, [props.exportsBucket.arnForObjects('*')]),
        allow(['s3:ListBucket'], [props.exportsBucket.bucketArn]),
      ],
      environment: jobEnvironments.export(values),
    })
    this.export = exportJob.fn
    this.exportSchedule = exportJob.schedule
    // The import job reads the file's rows and writes the credentials file (the exports bucket),
    // makes each new member's login in the staff pool (deleting it again when the member could not
    // be added), seals the temporary passwords until the file holds them, and queues the confirmations.
    const importJob = this.job(props, 'ImportMembers', {
      description: `Applies imports of members from a file, every ${jobEveryMinutes.importMembers} minute (${jobEntries.importMembers})`,
      roleDescription:
        'The import job: may use the table, read and write the exports bucket, make staff sign-in accounts, seal with the secrets key, and send email',
      entry: jobEntries.importMembers,
      timeout: Duration.seconds(functionTimeouts.importMembers),
      every: Duration.minutes(jobEveryMinutes.importMembers),
      scheduleDescription: 'Runs the import job (members from a file)',
      statements: [
        ...usual,
        allow(objectActions, [props.exportsBucket.arnForObjects('*')]),
        allow(
          ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminDeleteUser'],
          [props.staffPool.userPoolArn],
        ),
        sealWith(props.secretsKey),
      ],
      environment: jobEnvironments.importMembers(values),
    })
    this.importMembers = importJob.fn
    this.importMembersSchedule = importJob.schedule
    // The erasure job, daily as of the date it runs: exactly the calls it makes. The
    // table without ConditionCheck, and the one exemption from the audit trail's append-only rule
    // (auditEraseOnly instead of auditAppendOnly: it may delete audit records, never write one);
    // listing and deleting objects only under an organization's prefix of the two buckets that
    // hold organizations' files (CSVs and exports, logos); deleting staff sign-in accounts, and the
    // supervisor accounts whose only organization it erases; and sending the week-before warning, which carries no signed link (so no link secret).
    const buckets = [props.exportsBucket, props.logosBucket]
    const erase = this.job(props, 'EraseClosed', {
      description: `Erases closed organizations 30 days after closing, and warns a week before, daily (${jobEntries.eraseClosed})`,
      roleDescription:
        "The erasure job: may delete a closed organization's items (its audit records included, one by one), its files and its staff and supervisor sign-in accounts, and send email",
      entry: jobEntries.eraseClosed,
      timeout: Duration.seconds(functionTimeouts.eraseClosed),
      every: Duration.minutes(jobEveryMinutes.eraseClosed),
      scheduleDescription: 'Runs the erasure job (closed organizations)',
      statements: [
        allow(eraseTableActions, [props.table.tableArn, `${props.table.tableArn}/index/*`]),
        auditEraseOnly(props.table),
        allow(
          ['s3:DeleteObject'],
          buckets.map((b) => b.arnForObjects(`${ORG_PREFIX}/*`)),
        ),
        new PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: buckets.map((b) => b.bucketArn),
          conditions: { StringLike: { 's3:prefix': [ORG_PREFIX] } },
        }),
        allow(['cognito-idp:AdminDeleteUser'], [props.staffPool.userPoolArn]),
        // A supervisor's account is found by its sub (a federated user's username is not it), then deleted.
        allow(['cognito-idp:AdminDeleteUser', 'cognito-idp:ListUsers'], [props.supervisorPool.userPoolArn]),
        sendEmail(props.email.identityArn),
      ],
      environment: jobEnvironments.eraseClosed(values),
    })
    this.eraseClosed = erase.fn
    this.eraseClosedSchedule = erase.schedule
    // The yearly time-off job, daily: it reads members, policies and ledgers and posts
    // each grant with its audit record in one transaction; it sends nothing.
    const yearly = this.job(props, 'TimeOffYearly', {
      description: `Posts yearly time-off accruals and the carryover at the year's start, once each, daily (${jobEntries.timeOffYearly})`,
      roleDescription: 'The yearly time-off job: may use the table (audit records append-only)',
      entry: jobEntries.timeOffYearly,
      timeout: Duration.seconds(functionTimeouts.timeOffYearly),
      every: Duration.minutes(jobEveryMinutes.timeOffYearly),
      scheduleDescription: 'Runs the yearly time-off job',
      statements: [...tableStatements(props.table), auditAppendOnly(props.table)],
      environment: jobEnvironments.timeOffYearly(values),
    })
    this.timeOffYearly = yearly.fn
    this.timeOffYearlySchedule = yearly.schedule
    // Planning Center's nightly reconciliation: members synced, deactivated ones' logins deleted.
    const planningCenter = this.job(props, 'PlanningCenterSync', {
      description: `Syncs members with Planning Center People's chosen lists, nightly (${jobEntries.planningCenterSync})`,
      roleDescription:
        "The Planning Center sync job: may use the table, send email, read the email link secret and the vendors' settings, make and delete staff logins, open sealed tokens",
      entry: jobEntries.planningCenterSync,
      timeout: Duration.seconds(functionTimeouts.planningCenterSync),
      every: Duration.minutes(jobEveryMinutes.planningCenterSync),
      scheduleDescription: 'Runs the Planning Center sync job',
      statements: [
        ...usual,
        allow(
          ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminSetUserPassword'],
          [props.staffPool.userPoolArn],
        ),
        sealWith(props.secretsKey),
        readSecret(props.integrations),
      ],
      environment: jobEnvironments.planningCenterSync(values),
    })
    this.planningCenterSync = planningCenter.fn
    this.planningCenterSyncSchedule = planningCenter.schedule
  }

  /**
   * A job's function and the rule (`<id>Schedule`) that runs it, with exactly `statements` beside
   * writing its own log group. A run, and a scheduled event, still waiting after an hour
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
      statements: PolicyStatement[]
      environment: Record<string, string>
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
      statements: job.statements,
      environment: job.environment,
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

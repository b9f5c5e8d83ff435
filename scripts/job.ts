/**
 * npm run job -- reminders | retry-emails | export [orgId...] | rebuild-aggregates [orgId...]
 *   | erase-closed --as-of YYYY-MM-DD | time-off-yearly [orgId...] [--as-of YYYY-MM-DD]
 * Runs one scheduled job once against the running local stack (or the table TABLE_NAME points at).
 * The reminders job runs as if it were each schedule's configured time in the current week now:
 * staff who have not submitted this week are reminded and supervisors get the digest at once.
 * Each reminder is still sent once per member and week, so a second run mails nobody.
 * rebuild-aggregates (a migration, once after deploying them over older data) rebuilds the
 * counts, week figures and member directory of the organizations named, or of every organization
 * on the reminders list, from their timesheets and members.
 * erase-closed erases every closed organization whose erasure date is on or before the
 * --as-of date, and warns the supervisors of those erased within a week; without --as-of, as its
 * daily schedule runs it (the date in the zone where dates begin last).
 * On the local stack each scheduled job runs with exactly the environment its function has on AWS
 * and on the stack's timer (infra/lib/environment.ts, jobEnvironments).
 * time-off-yearly posts each year's carryover and yearly time-off accruals once (a
 * second run grants nothing), for the organizations named or every one on the reminders list.
 * integration-check gusto runs the calls a send makes against Gusto's demo environment with
 * GUSTO_ACCESS_TOKEN (GUSTO_ENVIRONMENT, or GUSTO_BASE_URL), leaving its company as it was; it
 * needs no local stack and is not part of CI. integration-check quickbooks does the same against
 * Intuit's sandbox with QUICKBOOKS_ACCESS_TOKEN and QUICKBOOKS_REALM_ID (QUICKBOOKS_ENVIRONMENT,
 * or QUICKBOOKS_BASE_URL). integration-check planning-center reads Planning Center People's
 * organization, lists and one list's people with PLANNING_CENTER_APPLICATION_ID and
 * PLANNING_CENTER_SECRET (or PLANNING_CENTER_ACCESS_TOKEN), writing nothing.
 * planning-center-sync [orgId...] runs the nightly reconciliation with Planning Center now.
 */
import { withEnvironment } from '@app/adapters'
import { AsOfDate, erasureRunDate } from '@app/core'
import { system } from '@app/data'
import {
  eraseClosedJob,
  exportJob,
  importMembersJob,
  gustoIntegrationCheck,
  planningCenterIntegrationCheck,
  planningCenterSyncJob,
  quickbooksIntegrationCheck,
  remindersJob,
  retryEmailsJob,
  timeOffYearlyJob,
} from '@app/functions'
import type { JobName } from '@app/infra/lib/environment.ts'
import { configuredPorts, runningJobEnvironment, useRunningStack } from '@app/local'

const jobs = {
  reminders: () => remindersJob({ asIfScheduled: true }),
  'retry-emails': () => retryEmailsJob(),
  export: () => exportJob(process.argv.slice(3)),
  'import-members': () => importMembersJob(process.argv.slice(3)),
  'erase-closed': () => eraseClosedJob(asOf()),
  'time-off-yearly': () =>
    timeOffYearlyJob(
      process.argv.slice(3).filter((a, i, all) => !a.startsWith('--as-of') && all[i - 1] !== '--as-of'),
      process.argv.some((a) => a.startsWith('--as-of')) ? asOf() : undefined,
    ),
  'rebuild-aggregates': () =>
    system.organizations.rebuildAggregates(process.argv.slice(3), (line) => console.log(line)),
  'planning-center-sync': () => planningCenterSyncJob(process.argv.slice(3)),
  'integration-check': () => {
    const log = (line: string) => console.log(line)
    const checks = {
      gusto: () => gustoIntegrationCheck(credentials('GUSTO', ['accessToken']), log),
      quickbooks: () =>
        quickbooksIntegrationCheck(
          credentials('QUICKBOOKS', ['accessToken', 'realmId', 'environment', 'baseUrl']),
          log,
        ),
      'planning-center': () =>
        planningCenterIntegrationCheck(
          credentials('PLANNING_CENTER', ['applicationId', 'secret', 'accessToken', 'listId']),
          log,
        ),
    }
    const name = process.argv[3] ?? ''
    const check = Object.hasOwn(checks, name) ? checks[name as keyof typeof checks] : undefined
    if (!check) throw new Error(`Name the integration to check: integration-check ${Object.keys(checks).join(' | ')}`)
    return check()
  },
}
/** The named fields from the environment: `accessToken` of `GUSTO` is GUSTO_ACCESS_TOKEN. */
function credentials<Field extends string>(prefix: string, fields: readonly Field[]) {
  const variable = (field: string) => `${prefix}_${field.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`
  return Object.fromEntries(fields.map((f) => [f, process.env[variable(f)]])) as Record<Field, string | undefined>
}
/** Each scheduled job's name in infra/lib/environment.ts (rebuild-aggregates is a migration, not a job). */
const scheduled: Partial<Record<keyof typeof jobs, JobName>> = {
  reminders: 'reminders',
  'retry-emails': 'retryEmails',
  export: 'export',
  'import-members': 'importMembers',
  'erase-closed': 'eraseClosed',
  'time-off-yearly': 'timeOffYearly',
  'planning-center-sync': 'planningCenterSync',
}
/** `--as-of YYYY-MM-DD` (or `--as-of=YYYY-MM-DD`); the scheduled run's date when not given. */
function asOf() {
  const args = process.argv.slice(3)
  const at = args.findIndex((a) => a === '--as-of' || a.startsWith('--as-of='))
  const value = at < 0 ? erasureRunDate(new Date()) : (args[at]!.split('=')[1] ?? args[at + 1])
  const parsed = AsOfDate.safeParse(value)
  if (!parsed.success) throw new Error(`Give --as-of as YYYY-MM-DD (got ${String(value)})`)
  return parsed.data
}

const name = process.argv[2] as keyof typeof jobs | undefined
if (!name || !(name in jobs)) {
  console.error(`Usage: npm run job -- ${Object.keys(jobs).join(' | ')}`)
  process.exit(2)
}

const main = async () => {
  const local = !process.env.TABLE_NAME
  // The integration check talks to the vendor only: it needs no stack.
  if (name !== 'integration-check') useRunningStack()
  const job = scheduled[name!]
  const run: () => Promise<unknown> = jobs[name!]
  const result = local && job ? await withEnvironment(runningJobEnvironment(job), run) : await run()
  console.log(`${name}: ${JSON.stringify(result)}`)
  if (!['rebuild-aggregates', 'erase-closed', 'time-off-yearly', 'integration-check'].includes(name!))
    console.log(`The emails are in the local inbox: http://127.0.0.1:${configuredPorts().ses}/`)
}

main().catch((e: unknown) => {
  console.error(`The ${name} job failed: ${e instanceof Error ? e.message : String(e)}`)
  if (String(e).includes('ECONNREFUSED')) console.error('Is the local stack running? Start it with npm start.')
  process.exit(1)
})

/**
 * npm run job -- reminders | retry-emails | export [orgId...] | rebuild-aggregates [orgId...]
 * Runs one scheduled job once against the running local stack (or the table TABLE_NAME points at).
 * The reminders job runs as if it were each schedule's configured time in the current week now:
 * staff who have not submitted this week are reminded and supervisors get the digest at once.
 * Each reminder is still sent once per member and week, so a second run mails nobody.
 * rebuild-aggregates (a migration, once after deploying issue 17 over older data) rebuilds the
 * counts, week figures and member directory of the organizations named, or of every organization
 * on the reminders list, from their timesheets and members.
 */
import { system } from '@app/data'
import { exportJob, remindersJob, retryEmailsJob } from '@app/functions'
import { configuredPorts, useRunningStack } from '@app/local'

const jobs = {
  reminders: () => remindersJob({ asIfScheduled: true }),
  'retry-emails': () => retryEmailsJob(),
  export: () => exportJob(process.argv.slice(3)),
  'rebuild-aggregates': () =>
    system.organizations.rebuildAggregates(process.argv.slice(3), (line) => console.log(line)),
}
const name = process.argv[2] as keyof typeof jobs | undefined
if (!name || !(name in jobs)) {
  console.error(`Usage: npm run job -- ${Object.keys(jobs).join(' | ')}`)
  process.exit(2)
}

const main = async () => {
  useRunningStack()
  const result = await jobs[name]()
  console.log(`${name}: ${JSON.stringify(result)}`)
  if (name !== 'rebuild-aggregates')
    console.log(`The emails are in the local inbox: http://127.0.0.1:${configuredPorts().ses}/`)
}

main().catch((e: unknown) => {
  console.error(`The ${name} job failed: ${e instanceof Error ? e.message : String(e)}`)
  if (String(e).includes('ECONNREFUSED')) console.error('Is the local stack running? Start it with npm start.')
  process.exit(1)
})

import { config, filesFor, staffPool, supervisorPool } from '@app/adapters'
import { addDays, erasureDue, erasureRunDate, WARN_DAYS_BEFORE_ERASURE } from '@app/core'
import { closures, orgDb } from '@app/data'
import { brandOf, queuedEmail, recipientOf } from '../views/queued-email.ts'
import { deliver } from '../workflows/mailer.ts'

/** Who the tombstones name as the eraser. */
export const ERASER = 'erase-closed job'

const log = (line: Record<string, unknown>) => console.log(JSON.stringify({ level: 'info', ...line }))

/** The supervisors of a closed organization are told once, a week before, that it will be erased. */
const warn = async (orgId: string, eraseOn: string) => {
  const db = orgDb(orgId)
  const org = await db.organization.get()
  const supervisors = (await db.users.list()).filter((u) => u.role === 'supervisor' && u.email)
  const emails = supervisors.map((s) =>
    queuedEmail('erasureSoon', s.language, {
      to: recipientOf(s),
      organization: brandOf(org),
      eraseOn,
      reopenUrl: `${config.appOrigin}/`,
    }),
  )
  if (!(await closures.warn(orgId, emails))) return false
  for (const e of emails) await deliver(orgId, e.id, e.email)
  return true
}

/**
 * Erases one closed organization: its members' staff sign-in accounts, its supervisors' accounts
 * in the supervisor pool (those whose only organization it was), its files in both buckets, every
 * item of its partitions and what points into them (the staff sign-in attempt counters too), then
 * turns its closure into the tombstone. Each step deletes what is still there, so a run
 * interrupted midway is finished by the next, and the tombstone is written once. DynamoDB's
 * point-in-time recovery still holds the erased items for its 35 days.
 */
export const eraseOrganization = async (orgId: string, by = ERASER) => {
  const usernames = await closures.usernames(orgId)
  for (const username of usernames) await staffPool.deleteUser(username)
  let supervisors = 0
  for (const { issuer, subject } of await closures.identities(orgId))
    if (supervisorPool.issues(issuer)) supervisors += await supervisorPool.deleteBySubject(subject)
  const files = await filesFor(orgId).eraseAll()
  const items = await closures.eraseItems(orgId)
  const tombstoned = await closures.tombstone(orgId, by)
  log({ event: 'organization-erased', orgId, accounts: usernames.length, supervisors, files, items, tombstoned })
  return tombstoned
}

/**
 * The erasure job (daily in AWS; `npm run job -- erase-closed --as-of YYYY-MM-DD` locally): as
 * of `asOf`, warns the supervisors of organizations erased within a week (once), and erases every
 * closed organization whose erasure date is on or before it. A second run changes nothing.
 */
export const eraseClosedJob = async (asOf: string) => {
  let warned = 0
  let erased = 0
  for (const closure of await closures.pendingBy(addDays(asOf, WARN_DAYS_BEFORE_ERASURE))) {
    if (closure.warnedAt || erasureDue(closure.eraseOn, asOf)) continue
    if (await warn(closure.orgId, closure.eraseOn)) warned++
  }
  for (const closure of await closures.pendingBy(asOf)) if (await eraseOrganization(closure.orgId)) erased++
  return { warned, erased }
}

/**
 * The scheduled run (daily: an EventBridge rule in AWS, a timer on the local stack; both from
 * infra/lib/definition.ts): as of the date it runs, as the zone where dates begin last has it.
 */
export const handler = () => eraseClosedJob(erasureRunDate(new Date()))

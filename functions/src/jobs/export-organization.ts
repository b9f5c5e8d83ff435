import { config, filesFor } from '@app/adapters'
import {
  allDaySpans,
  auditActorLabel,
  DAYS,
  dayRanges,
  fullName,
  csvLines,
  type AuditEntry,
  type Timesheet,
  type User,
} from '@app/core'
import { dataExports, orgDb } from '@app/data'
import { brandOf, queuedEmail, recipientOf } from '../views/templates.ts'
import { deliver } from '../workflows/mailer.ts'
import { json, jsonArray, rowsOf } from '../workflows/export-pieces.ts'
import { zip, type ZipEntry } from '../workflows/zip.ts'

/** A member as the export shows them: no credential (username, sign-in kind) leaves the product. */
const memberRecord = ({ username: _username, authType: _authType, ...member }: User) => member

/** Each timesheet as the export shows it: its days' spans and its history, made as the file is written. */
function* withHistory(sheets: Timesheet[], history: Map<number, AuditEntry[]>) {
  for (const s of sheets) yield { ...s, ...allDaySpans(s), history: history.get(s.id) ?? [] }
}

const byTimesheet = (trail: AuditEntry[]) => {
  const map = new Map<number, AuditEntry[]>()
  for (const e of trail)
    if (e.subject.type === 'timesheet') map.set(e.subject.id, [...(map.get(e.subject.id) ?? []), e])
  return map
}

const membersCsv = (members: ReturnType<typeof memberRecord>[]) =>
  csvLines(
    rowsOf(
      [
        'Id',
        'First name',
        'Last name',
        'Email',
        'Department',
        'Role',
        'Approver id',
        'Pay type',
        'Payroll id',
        'Language',
        'Created at',
      ],
      members,
      (m) => [
        m.id,
        m.firstName,
        m.lastName,
        m.email,
        m.department,
        m.role,
        m.supervisorId,
        m.payType,
        m.payrollId,
        m.language,
        m.createdAt,
      ],
    ),
  )

const timesheetsCsv = (sheets: Timesheet[], names: Map<string, string>) =>
  csvLines(
    rowsOf(
      [
        'Id',
        'Employee id',
        'Employee',
        'Week start',
        'Status',
        // Issue 34: a split day's time ranges ('08:00-12:00, 18:00-21:00'); start and end are its first and last.
        ...DAYS.flatMap((d) => [`${d} start`, `${d} end`, `${d} time ranges`, `${d} activity`]),
        'Submitted at',
        'Comments',
      ],
      sheets,
      (s) => {
        const days = s as unknown as Record<string, string | null>
        return [
          s.id,
          s.employeeId,
          names.get(s.employeeId) ?? '',
          s.weekStartDate,
          s.status,
          ...DAYS.flatMap((d) => [
            days[`${d}Start`],
            days[`${d}End`],
            dayRanges(s, d, { dash: '-', missing: '' }),
            days[`${d}Activity`],
          ]),
          s.submittedAt,
          s.comments,
        ]
      },
    ),
  )

const isDecision = (e: AuditEntry) => e.action === 'timesheet.approved' || e.action === 'timesheet.rejected'
const decisionRow = (e: AuditEntry) => ({
  at: e.at,
  timesheetId: e.subject.type === 'timesheet' ? e.subject.id : null,
  decision: e.action === 'timesheet.approved' ? 'approved' : 'rejected',
  by: auditActorLabel(e.actor),
  comments: e.changes.find((c) => c.field === 'comments')?.after ?? null,
})

const auditCsv = (trail: AuditEntry[]) =>
  csvLines(
    rowsOf(['At', 'Who', 'Action', 'Subject', 'Changes'], trail, (e) => [
      e.at,
      auditActorLabel(e.actor),
      e.action,
      JSON.stringify(e.subject),
      e.changes.map((c) => `${c.field}: ${String(c.before)} → ${String(c.after)}`).join('; '),
    ]),
  )

const rowsCsv = (rows: Record<string, unknown>[]) => {
  const header = new Set<string>()
  for (const r of rows) for (const k of Object.keys(r)) header.add(k)
  return csvLines(
    rowsOf([...header], rows, (r) =>
      [...header].map((h) => (typeof r[h] === 'object' && r[h] !== null ? JSON.stringify(r[h]) : (r[h] as string))),
    ),
  )
}

/** The organization's settings as one row per setting (nested values as JSON). */
const settingsCsv = (settings: Record<string, unknown>) =>
  csvLines(
    rowsOf(['Setting', 'Value'], Object.entries(settings), ([k, v]) => [
      k,
      typeof v === 'object' && v !== null ? JSON.stringify(v) : (v as string | null | undefined),
    ]),
  )

/**
 * Makes one export: reads everything the organization has, writes one zip (CSV and JSON of each
 * part) to the exports bucket, and marks it done with its email to the supervisor who asked.
 */
export const runExport = async (orgId: string, id: string) => {
  const db = orgDb(orgId)
  try {
    const started = await db.exports.get(id)
    const { stripeCustomerId: _c, stripeSubscriptionId: _s, ...settings } = await db.organization.get()
    const members = (await db.users.listForRecords()).map(memberRecord)
    await db.exports.progress(id, 15)
    const sheets = await db.exports.timesheets()
    await db.exports.progress(id, 45)
    const trail = await db.exports.auditTrail()
    const history = byTimesheet(trail)
    await db.exports.progress(id, 65)
    const figures = await db.payroll.figuresOfWeeks('0000-01-01', '9999-12-31')
    const periods = await db.payroll.periods('0000-01-01', '9999-12-31')
    await db.exports.progress(id, 80)
    const names = new Map(members.map((m) => [m.id, fullName(m)]))
    const decisions = trail.filter(isDecision).map(decisionRow)
    const entries: ZipEntry[] = [
      { name: 'organization.json', data: () => json(settings) },
      { name: 'organization.csv', data: () => settingsCsv(settings) },
      { name: 'members.json', data: () => jsonArray(members) },
      { name: 'members.csv', data: () => membersCsv(members) },
      {
        name: 'timesheets.json',
        data: () => jsonArray(withHistory(sheets, history)),
      },
      { name: 'timesheets.csv', data: () => timesheetsCsv(sheets, names) },
      { name: 'decisions.json', data: () => jsonArray(decisions) },
      { name: 'decisions.csv', data: () => rowsCsv(decisions) },
      { name: 'payroll-figures.json', data: () => jsonArray(figures) },
      { name: 'payroll-figures.csv', data: () => rowsCsv(figures as unknown as Record<string, unknown>[]) },
      { name: 'pay-periods.json', data: () => jsonArray(periods) },
      { name: 'pay-periods.csv', data: () => rowsCsv(periods as unknown as Record<string, unknown>[]) },
      { name: 'audit-trail.json', data: () => jsonArray(trail) },
      { name: 'audit-trail.csv', data: () => auditCsv(trail) },
    ]
    const file = filesFor(orgId).dataExport(id)
    await file.put(await zip(entries), `${settings.slug}-export-${started.createdAt.slice(0, 10)}.zip`)
    await db.exports.progress(id, 95)
    const supervisor = await db.users.find(started.createdBy)
    const email = supervisor?.email
      ? queuedEmail('exportReady', supervisor.language, {
          to: recipientOf(supervisor),
          organization: brandOf(settings),
          dataUrl: `${config.appOrigin}/settings/data`,
        })
      : undefined
    await db.exports.finish(id, file.key, email)
    if (email) await deliver(orgId, email.id, email.email)
    return true
  } catch (e) {
    console.log(JSON.stringify({ level: 'error', event: 'export-failed', orgId, exportId: id, error: String(e) }))
    await db.exports.fail(id, String(e)).catch(() => undefined)
    return false
  }
}

/**
 * The export job (a schedule in AWS, a timer on the local stack): makes every export still running,
 * or those of the organizations named (`npm run job -- export [orgId...]`, tests).
 */
export const exportJob = async (orgIds: string[] = []) => {
  let made = 0
  const running = (await dataExports.running()).filter((r) => !orgIds.length || orgIds.includes(r.orgId))
  for (const { orgId, id } of running) {
    if (!(await orgDb(orgId).exports.claim(id))) continue
    if (await runExport(orgId, id)) made++
  }
  return { running: running.length, made }
}

export const handler = () => exportJob()

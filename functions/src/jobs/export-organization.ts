import { config, filesFor } from '@app/adapters'
import {
  allDaySpans,
  auditActorLabel,
  DAYS,
  dateInZone,
  dayRanges,
  fullName,
  csvLines,
  slugify,
  type AuditEntry,
  type Timesheet,
  type User,
} from '@app/core'
import { dataExports, orgDb } from '@app/data'
import { brandOf, queuedEmail, recipientOf } from '../views/queued-email.ts'
import { deliver } from '../workflows/mailer.ts'
import { inZone, isInstant, json, jsonArray, rowsOf, zoned } from '../workflows/export-pieces.ts'
import { zip, type ZipEntry } from '../workflows/zip.ts'
import { inTurn, runInTurn } from '../workflows/in-turn.ts'

export { inTurn }

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

const membersCsv = (members: ReturnType<typeof memberRecord>[], timeZone: string) =>
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
        zoned('Created at', timeZone),
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
        inZone(m.createdAt, timeZone),
      ],
    ),
  )

const timesheetsCsv = (sheets: Timesheet[], names: Map<string, string>, timeZone: string) =>
  csvLines(
    rowsOf(
      [
        'Id',
        'Employee id',
        'Employee',
        'Week start',
        'Status',
        // A split day's time ranges ('08:00-12:00, 18:00-21:00'); start and end are its first and last.
        ...DAYS.flatMap((d) => [`${d} start`, `${d} end`, `${d} time ranges`, `${d} activity`]),
        zoned('Submitted at', timeZone),
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
          inZone(s.submittedAt, timeZone),
          s.comments,
        ]
      },
    ),
  )

const decisionSteps = {
  'timesheet.firstApproval': { decision: 'approved', step: 'first' },
  'timesheet.approved': { decision: 'approved', step: 'final' },
  'timesheet.rejected': { decision: 'rejected', step: 'final' },
  'timesheet.sentBack': { decision: 'rejected', step: 'sentBack' },
} as const

/**
 * A row per decision step of a timesheet: each approval of a two-step approval (first, then
 * final), a one-step approval (final), a rejection and an approved week sent back for correction; by whom (and for whom, when a delegate acted
 * for an approver) and about whose week.
 */
const decisionRows = (trail: AuditEntry[], sheets: Map<number, Timesheet>, names: Map<string, string>) =>
  trail.flatMap((e) => {
    const kind = decisionSteps[e.action as keyof typeof decisionSteps]
    if (!kind || e.subject.type !== 'timesheet') return []
    const sheet = sheets.get(e.subject.id)
    const person = 'system' in e.actor ? undefined : e.actor
    return [
      {
        at: e.at,
        timesheetId: e.subject.id,
        employeeId: sheet?.employeeId ?? null,
        employee: sheet ? (names.get(sheet.employeeId) ?? null) : null,
        weekStartDate: sheet?.weekStartDate ?? null,
        decision: kind.decision,
        step: kind.step,
        by: auditActorLabel(e.actor),
        byId: person?.userId ?? null,
        onBehalfOf: person?.onBehalfOf ? fullName(person.onBehalfOf) : null,
        onBehalfOfId: person?.onBehalfOf?.userId ?? null,
        comments: e.changes.find((c) => c.field === 'comments')?.after ?? null,
      },
    ]
  })

const auditCsv = (trail: AuditEntry[], timeZone: string) =>
  csvLines(
    rowsOf([zoned('At', timeZone), 'Who', 'Action', 'Subject', 'Changes'], trail, (e) => [
      inZone(e.at, timeZone),
      auditActorLabel(e.actor),
      e.action,
      JSON.stringify(e.subject),
      e.changes.map((c) => `${c.field}: ${String(c.before)} → ${String(c.after)}`).join('; '),
    ]),
  )

/** Rows as CSV, a column per field; a column of instants holds the organization's local times, its title naming the zone. */
const rowsCsv = (rows: Record<string, unknown>[], timeZone: string) => {
  const header = new Set<string>()
  for (const r of rows) for (const k of Object.keys(r)) header.add(k)
  const times = new Set([...header].filter((h) => rows.some((r) => isInstant(r[h]))))
  const cell = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : (v as string))
  return csvLines(
    rowsOf(
      [...header].map((h) => (times.has(h) ? zoned(h, timeZone) : h)),
      rows,
      (r) => [...header].map((h) => inZone(cell(r[h]), timeZone)),
    ),
  )
}

/** The organization's settings as one row per setting (nested values as JSON, times in its zone). */
const settingsCsv = (settings: Record<string, unknown>, timeZone: string) =>
  csvLines(
    rowsOf(['Setting', 'Value'], Object.entries(settings), ([k, v]) => [
      isInstant(v) ? zoned(k, timeZone) : k,
      typeof v === 'object' && v !== null ? JSON.stringify(v) : inZone(v as string | null | undefined, timeZone),
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
    const decisions = decisionRows(trail, new Map(sheets.map((t) => [t.id, t])), names)
    const zone = settings.timeZone
    const entries: ZipEntry[] = [
      { name: 'organization.json', data: () => json(settings) },
      { name: 'organization.csv', data: () => settingsCsv(settings, zone) },
      { name: 'members.json', data: () => jsonArray(members) },
      { name: 'members.csv', data: () => membersCsv(members, zone) },
      {
        name: 'timesheets.json',
        data: () => jsonArray(withHistory(sheets, history)),
      },
      { name: 'timesheets.csv', data: () => timesheetsCsv(sheets, names, zone) },
      { name: 'decisions.json', data: () => jsonArray(decisions) },
      { name: 'decisions.csv', data: () => rowsCsv(decisions, zone) },
      { name: 'payroll-figures.json', data: () => jsonArray(figures) },
      { name: 'payroll-figures.csv', data: () => rowsCsv(figures as unknown as Record<string, unknown>[], zone) },
      { name: 'pay-periods.json', data: () => jsonArray(periods) },
      { name: 'pay-periods.csv', data: () => rowsCsv(periods as unknown as Record<string, unknown>[], zone) },
      { name: 'audit-trail.json', data: () => jsonArray(trail) },
      { name: 'audit-trail.csv', data: () => auditCsv(trail, zone) },
    ]
    const file = filesFor(orgId).dataExport(id)
    // Named for what the organization is called now (its slug keeps the name it first had), on its own date.
    const fileName = `${slugify(settings.name)}-export-${dateInZone(started.createdAt, zone)}.zip`
    await file.put(await zip(entries), fileName)
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
 * the organizations in turn, or those of the organizations named (`npm run job -- export
 * [orgId...]`, tests). A closed organization's exports are not made (its closure read once per
 * run): they wait, running, for a reopening, or are erased with it.
 */
export const exportJob = async (orgIds: string[] = []) => {
  const { running, finished } = await runInTurn(await dataExports.running(), orgIds, (db) => db.exports, runExport)
  return { running, made: finished }
}

export const handler = () => exportJob()

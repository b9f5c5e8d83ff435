import { fullName, timesheetCsv, type Timesheet, type User } from '@app/core'
import type { Files } from '@app/adapters'
import type { OrgDb } from '@app/data'

/**
 * Writes an approved timesheet's CSV to the organization's exports and answers a fresh 15-minute
 * link. `approver`, when the caller already holds them (the deciding supervisor), is not read again.
 */
export const publishTimesheetCsv = async (db: OrgDb, files: Files, t: Timesheet, approver?: User) => {
  const [org, employee, approvedBy] = await Promise.all([
    db.organization.get(),
    db.users.findForRecords(t.employeeId),
    approver?.id === t.approvedBy ? approver : t.approvedBy ? db.users.findForRecords(t.approvedBy) : undefined,
  ])
  const file = files.timesheetCsv(t.id, t.version)
  // Accents stay: the file name travels as RFC 6266 filename* (adapters/files.ts).
  const who = employee ? fullName(employee).replace(/\s+/g, '-') : 'member'
  await file.put(
    timesheetCsv(t, employee ?? null, org.name, approvedBy ?? null, org.timeZone),
    `timesheet-${who}-${t.weekStartDate}.csv`,
  )
  return file.url()
}

import { fullName, timesheetCsv, type Timesheet } from '@app/core'
import { exportsStore } from '@app/adapters'
import type { OrgDb } from '@app/data'

/** Writes an approved timesheet's CSV to the exports bucket and answers a fresh 15-minute link. */
export const publishTimesheetCsv = async (db: OrgDb, t: Timesheet) => {
  const [org, employee, approver] = await Promise.all([
    db.organization.get(),
    db.users.findForRecords(t.employeeId),
    t.approvedBy ? db.users.findForRecords(t.approvedBy) : undefined,
  ])
  const key = `${db.orgId}/timesheets/${t.id}-v${t.version}.csv`
  await exportsStore.putCsv(key, timesheetCsv(t, employee ?? null, org.name, approver ?? null))
  const who = employee ? fullName(employee).replace(/\s+/g, '-') : 'member'
  return exportsStore.downloadUrl(key, `timesheet-${who}-${t.weekStartDate}.csv`)
}

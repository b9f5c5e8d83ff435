import { fullName, timesheetCsv, type Language, type Timesheet } from '@app/core'
import type { Files } from '@app/adapters'
import type { OrgDb } from '@app/data'
import { csvWordsFor } from '../views/words.ts'

/**
 * A fresh 15-minute link to an approved timesheet's CSV in the reader's language. The file is made
 * on its first download (approving writes none) and kept: one per approval (the version) and
 * language, since an approved timesheet no longer changes; made again only if the bucket's
 * lifecycle rule expired it.
 */
export const timesheetCsvLink = async (db: OrgDb, files: Files, t: Timesheet, language: Language) => {
  const file = files.timesheetCsv(t.id, t.version, language)
  if (!(await file.exists())) {
    const [org, employee, approvedBy] = await Promise.all([
      db.organization.get(),
      db.users.findForRecords(t.employeeId),
      t.approvedBy ? db.users.findForRecords(t.approvedBy) : undefined,
    ])
    // Accents stay: the file name travels as RFC 6266 filename* (adapters/files.ts).
    const who = employee ? fullName(employee).replace(/\s+/g, '-') : 'member'
    await file.put(
      timesheetCsv(t, employee ?? null, org.name, approvedBy ?? null, org.timeZone, csvWordsFor(language)),
      `timesheet-${who}-${t.weekStartDate}.csv`,
    )
  }
  return file.url()
}

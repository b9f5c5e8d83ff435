import { AppError, entitlements, importReason, type ImportDecision, type Organization, type User } from '@app/core'
import { encryptSecret } from '@app/adapters'
import type { ImportProgress, OrgDb, Person } from '@app/data'
import { addMemberWithLogin } from './member-creation.ts'
import { loginContext } from './member-import-rows.ts'

/**
 * Applies one accepted row (new or updated) in its own transaction, with `progress` (the row
 * counted, and a new member's login kept sealed) in that same transaction. A refused or
 * unchanged row changes nothing here. Answers the outcome actually written: a row the data
 * layer refuses at the last moment (the plan's limit reached, the email just taken, the approver
 * no longer a supervisor) is refused with that reason.
 */
export const applyImportRow = async (
  db: OrgDb,
  org: Organization,
  decision: ImportDecision,
  by: Person & { language: User['language'] },
  progress?: Pick<ImportProgress, 'importId'>,
): Promise<ImportDecision> => {
  try {
    if (decision.status === 'new') {
      const { fields } = decision
      await addMemberWithLogin(
        db,
        org,
        { ...fields, role: fields.role ?? 'employee', supervisorId: fields.supervisorId },
        by,
        entitlements(org).memberLimit,
        {
          effects: async ({ username, password }) =>
            progress
              ? {
                  importProgress: {
                    importId: progress.importId,
                    line: decision.line,
                    status: 'new',
                    login: {
                      firstName: fields.firstName,
                      lastName: fields.lastName,
                      email: fields.email,
                      username,
                      sealedPassword: await encryptSecret(password, loginContext(db.orgId, progress.importId)),
                    },
                  },
                }
              : {},
        },
      )
    } else if (decision.status === 'updated') {
      const { phone, ...changes } = decision.changes
      await db.members.update(decision.memberId, { ...changes, ...(phone ? { phone } : {}) }, by, undefined, {
        ...(progress
          ? { importProgress: { importId: progress.importId, line: decision.line, status: 'updated' } }
          : {}),
      })
    }
    return decision
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e
    return { line: decision.line, status: 'refused', reason: importReason('notApplied', { message: e.message }) }
  }
}

import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import {
  endOfDayIn,
  startOfDayIn,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  type TimesheetHistory,
} from '@app/core'
import { apiJson, cursorPaging, withSearch } from './client.ts'
import { auditKeys } from './keys.ts'

/** GET /api/timesheets/{id}/history: read again whenever the timesheet's version moves on. */
export const historyQuery = (id: number, version: number) =>
  queryOptions({
    queryKey: auditKeys.history(id, version),
    queryFn: () => apiJson<TimesheetHistory>('GET', `/api/timesheets/${id}/history`),
  })

/** The Activity page's filters; empty means all. `from` and `to` are calendar dates, both days included. */
export interface AuditFilters {
  from: string
  to: string
  actorId: string
  action: AuditAction | ''
}
export const NO_FILTERS: AuditFilters = { from: '', to: '', actorId: '', action: '' }

/** The filters as a URL; `from` and `to` are days on the organization's clock (`timeZone`), both included. */
export const auditUrl = (filters: AuditFilters, timeZone: string, cursor?: string | null, limit?: number) => {
  const params = new URLSearchParams()
  if (filters.from) params.set('from', startOfDayIn(filters.from, timeZone))
  if (filters.to) params.set('to', endOfDayIn(filters.to, timeZone))
  if (filters.actorId) params.set('actorId', filters.actorId)
  if (filters.action) params.set('action', filters.action)
  if (cursor) params.set('cursor', cursor)
  if (limit) params.set('limit', String(limit))
  return withSearch(auditKeys.all[0], params)
}

/** GET /api/audit, newest first, a page at a time (Load more). */
export const auditListQuery = (filters: AuditFilters, timeZone: string) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list({ ...filters, timeZone }),
    queryFn: ({ pageParam }) => apiJson<AuditPage>('GET', auditUrl(filters, timeZone, pageParam)),
    ...cursorPaging,
  })

/** Every record the filters match, page after page (the CSV export). */
export const fetchAllAudit = async (filters: AuditFilters, timeZone: string): Promise<AuditEntry[]> => {
  const all: AuditEntry[] = []
  let cursor: string | null = null
  do {
    const page: AuditPage = await apiJson<AuditPage>('GET', auditUrl(filters, timeZone, cursor, 100))
    all.push(...page.items)
    cursor = page.cursor
  } while (cursor)
  return all
}

import { useMemo } from 'react'
import { wholeChurch } from '@app/core'
import { useAuth } from '../../api/auth.ts'
import { useCampuses } from '../../api/campuses.ts'
import { useMembers } from '../../api/members.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import type { AuditContext } from './audit-changes.ts'

const NONE: never[] = []

/**
 * What records are read against: the organization's zone, and with `names` (the Activity page, a
 * supervisor's) the campuses and members the app already lists, so ids read as names. A
 * timesheet's history names neither, so it asks for neither.
 */
export function useAuditContext({ names }: { names: boolean }): AuditContext {
  const timeZone = useOrgTimeZone()
  const campuses = useCampuses({ enabled: names }).data?.campuses ?? NONE
  const members = useMembers({ enabled: names }).data ?? NONE
  const { user } = useAuth()
  const membersInPart = user ? !wholeChurch(user) : false
  return useMemo(() => ({ timeZone, campuses, members, membersInPart }), [timeZone, campuses, members, membersInPart])
}

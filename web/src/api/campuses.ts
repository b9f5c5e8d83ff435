import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { isCampusId, wholeChurch, type Campuses, type CampusesUpdate } from '@app/core'
import { readQuery } from './client.ts'
import { useAuth } from './auth.ts'
import { campusKeys, memberKeys } from './keys.ts'
import { usePutThrough } from './write-through.ts'

/** GET /api/organization/campuses (supervisors): the church's campuses, inactive ones included. */
export const useCampuses = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...readQuery<Campuses>(campusKeys.all), enabled })

/** PUT /api/organization/campuses with the whole list (a campus left out is removed; 409 while it has members). */
export const useSaveCampuses = () =>
  usePutThrough<CampusesUpdate, Campuses>(campusKeys.all, [memberKeys.all], { background: true })

/**
 * The campuses the signed-in supervisor may choose among (a member's campus, a kiosk's, a
 * report's filter): every active one for the whole church, a campus admin's own otherwise; and
 * whether they see the whole church (only then is a campus filter worth showing).
 */
export function useCampusChoices() {
  const { user } = useAuth()
  const campuses = useCampuses({ enabled: user?.role === 'supervisor' }).data?.campuses ?? []
  const whole = user ? wholeChurch(user) : true
  const mine = whole ? campuses : campuses.filter((c) => user!.campusIds!.includes(c.id))
  return { campuses, choices: mine.filter((c) => c.active), wholeChurch: whole }
}

/** The address's parameter that keeps the campus filter's choice, so a reload or a shared link keeps it. */
export const CAMPUS_PARAM = 'campus'

/**
 * The campus the dashboard, Reports and Payroll read (`?campusId=` to the API): the one the
 * address names (`?campus=`); undefined is the whole church (a campus admin's: all their
 * campuses, which the server applies). A member's own list takes no campus (the server ignores it).
 */
export function useCampusParam(): string | undefined {
  const [params] = useSearchParams()
  const asked = params.get(CAMPUS_PARAM)
  return asked && isCampusId(asked) ? asked : undefined
}

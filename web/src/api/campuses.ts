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
 * whether they see the whole church (only then is a campus filter worth showing). `reach` is every
 * campus they reach, inactive ones too (a past campus's figures); `loaded` once the list is read.
 */
export function useCampusChoices() {
  const { user } = useAuth()
  const read = useCampuses({ enabled: user?.role === 'supervisor' })
  const campuses = read.data?.campuses ?? []
  const whole = user ? wholeChurch(user) : true
  const reach = whole ? campuses : campuses.filter((c) => user!.campusIds!.includes(c.id))
  return {
    campuses,
    reach,
    choices: reach.filter((c) => c.active),
    wholeChurch: whole,
    loaded: read.data !== undefined,
  }
}

/** The address's parameter that keeps the campus filter's choice, so a reload or a shared link keeps it. */
export const CAMPUS_PARAM = 'campus'

/**
 * The campus the address names (`?campus=`), if the signed-in supervisor reaches it: `campusId`,
 * else undefined, the whole church (a campus admin's: all their campuses, which the server applies).
 * A campus they do not reach (removed, mistyped, another church's, another admin's) is `unknown`:
 * read as the whole church, never as that campus's nothing under a filter that says "Whole church".
 * Until the campuses are read, the address is taken at its word (a link names a real campus).
 */
export function useCampusAsked(): { campusId: string | undefined; unknown: boolean } {
  const [params] = useSearchParams()
  const { reach, loaded } = useCampusChoices()
  const asked = params.get(CAMPUS_PARAM)
  if (asked === null) return { campusId: undefined, unknown: false }
  const known = isCampusId(asked) && (!loaded || reach.some((c) => c.id === asked))
  return known ? { campusId: asked, unknown: false } : { campusId: undefined, unknown: true }
}

/**
 * The campus the dashboard, Reports and Payroll read (`?campusId=` to the API): `useCampusAsked`'s.
 * A member's own list takes no campus (the server ignores it).
 */
export const useCampusParam = (): string | undefined => useCampusAsked().campusId

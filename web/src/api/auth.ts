import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  DEFAULT_LANGUAGE,
  type Away,
  type CurrentUser,
  type Language,
  type RememberedDevices,
  type SignedInMember,
  type SignedInPath,
  type SignInChoice,
  type SignInDecision,
} from '@app/core'
import { ApiError, apiJson, apiRequest, getQueryFn, readQuery } from './client.ts'
import { currentLanguage } from '../i18n.ts'
import { authKeys, dashboardKeys, deviceKeys } from './keys.ts'
import { useWriteThrough } from './write-through.ts'
import { keepSignedIn, keptUser } from '../offline/kept-reads.ts'
import { onKioskPage } from '../lib/browser.ts'

/** The signed-in user, or null when signed out (a 401 is an answer here, not an error). */
export const authUserQuery = queryOptions({
  queryKey: authKeys.user,
  // Kept on the device, so a signed-in member opens the offline staff app signed in.
  queryFn: keptUser(getQueryFn<CurrentUser | null>({ on401: 'returnNull' })),
  networkMode: 'always',
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
  retry: false,
})

/** While loading, and when the check fails for any reason, the visitor counts as signed out. */
export function useAuth() {
  const { data, isLoading, error } = useQuery({ ...authUserQuery, enabled: !onKioskPage() })
  const user = data ?? null
  // A kiosk session is answered 403 'kioskSession' on every route but the kiosk's own.
  const isKiosk = error instanceof ApiError && error.status === 403 && error.body.includes('"kioskSession"')
  return { user, isLoading, isAuthenticated: user !== null, isKiosk }
}

export interface StaffLoginInput {
  username: string
  password: string
  /** 'Keep me signed in on this phone' (sent only when chosen). */
  remember?: true
}

/**
 * The page's language goes along: a member who never chose one gets it. English, the
 * default, goes unsaid (as on the supervisor's sign-in link); the server then reads Accept-Language.
 */
const withLanguage = (input: StaffLoginInput) => {
  const language = currentLanguage()
  return language === DEFAULT_LANGUAGE ? input : { ...input, language }
}

/** POST /api/staff/login: the server sets the session cookie and answers the user. */
export function useStaffLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: StaffLoginInput) => apiJson<SignedInMember>('POST', '/api/staff/login', withLanguage(input)),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user, user)
      keepSignedIn(user)
    },
  })
}

/** PATCH /api/auth/user: a signed-in member keeps their language (screens and emails) on their user. */
export const useUpdateLanguage = () =>
  useWriteThrough(authKeys.user, (language: Language) => apiJson<CurrentUser>('PATCH', '/api/auth/user', { language }))

/**
 * PUT /api/profile/away (an away period and delegate) or DELETE it (null), The answer is
 * the signed-in user, with `away`; the pending lists follow the new routing.
 */
export function useSetAway() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (away: Away | null) =>
      away
        ? apiJson<CurrentUser>('PUT', '/api/profile/away', away)
        : apiJson<CurrentUser>('DELETE', '/api/profile/away'),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user, user)
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.pending })
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats })
    },
  })
}

/** Profile: the phones the member chose 'Keep me signed in on this phone' on. */
export const useRememberedDevices = () => useQuery(readQuery<RememberedDevices>(deviceKeys.all))

/** DELETE /api/profile/devices/{id}: that phone is signed out at once. */
export function useForgetDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/profile/devices/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  })
}

/** A first Supervisor Login with open invitations: what its person chooses between (a 404 once spent or expired). */
export const signInChoiceQuery = queryOptions({ ...readQuery<SignInChoice>(authKeys.signInChoice), retry: false })

/** POST /api/sign-in/choice: the server opens the session (a cookie) and answers where to go. */
export function useChooseSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (decision: SignInDecision) => apiJson<SignedInPath>('POST', '/api/sign-in/choice', decision),
    // An invitation withdrawn meanwhile (409) is no longer offered.
    onError: () => queryClient.invalidateQueries({ queryKey: authKeys.signInChoice }),
  })
}

import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  fullName,
  wholeChurch,
  type AddedMember,
  type MemberList,
  type MemberUpdate,
  type NewMember,
  type PasswordReset,
  type User,
} from '@app/core'
import { useAuth } from './auth.ts'
import { apiJson, apiRequest, readQuery } from './client.ts'
import { dashboardKeys, memberKeys } from './keys.ts'
import { useApprovalSettings } from './organization.ts'

/** GET /api/employees: every member of the organization, supervisors only. */
export const membersQuery = readQuery<MemberList>(memberKeys.all)

/**
 * The list and the dashboard's counts (Active Employees, spec section 2) are refetched in the
 * background; the caller need not wait.
 */
const refreshAfterChange = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: memberKeys.all })
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats })
}

export const useMembers = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...membersQuery, enabled })

/**
 * The organization's supervisors, by name, for an Approver or delegate select. A campus admin's
 * member list holds their campuses' members only: the supervisors beyond them they may still
 * choose (the whole church's, who belong to a campus of their own) come with the approval settings.
 */
export const useApproverChoices = () => {
  const { user } = useAuth()
  const members = useMembers()
  const scoped = user?.role === 'supervisor' && !wholeChurch(user)
  const beyond = useApprovalSettings({ enabled: scoped }).data?.supervisors ?? []
  const listed = (members.data ?? []).filter((m) => m.role === 'supervisor')
  const others = scoped ? beyond.filter((s) => !listed.some((m) => m.id === s.id)) : []
  return [...listed, ...others]
    .map((m) => ({ id: m.id, name: fullName(m), campusIds: m.campusIds }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** POST /api/employees. The password in the answer is never stored by us: show it and forget it. */
export function useAddMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (member: NewMember) => apiJson<AddedMember>('POST', '/api/employees', member),
    onSuccess: () => refreshAfterChange(queryClient),
  })
}

/** PATCH /api/employees/{id} with the changed fields only; the answer replaces the member in the list at once. */
export function useUpdateMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: MemberUpdate }) =>
      apiJson<User>('PATCH', `/api/employees/${encodeURIComponent(id)}`, changes),
    onSuccess: (updated) => {
      queryClient.setQueryData<MemberList>(memberKeys.all, (members) =>
        members?.map((m) => (m.id === updated.id ? updated : m)),
      )
      refreshAfterChange(queryClient)
    },
  })
}

/**
 * POST /api/employees/{id}/reset-password: a new generated password for a staff login; the
 * member's sessions end at once. Nothing listed changes, so nothing is refetched.
 */
export function useResetPassword() {
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<PasswordReset>('POST', `/api/employees/${encodeURIComponent(id)}/reset-password`, {}),
  })
}

/** DELETE /api/employees/{id}: their sign-in ends at once; their timesheets stay. */
export function useRemoveMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/employees/${encodeURIComponent(id)}`)
    },
    onSuccess: (_data, id) => {
      queryClient.setQueryData<MemberList>(memberKeys.all, (members) => members?.filter((m) => m.id !== id))
      refreshAfterChange(queryClient)
    },
  })
}

/**
 * POST /api/employees/{id}/resend-confirmation sends the member's address confirmation
 * link again (at most once each few minutes: 429 otherwise). Nothing listed changes.
 */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<User>('POST', `/api/employees/${encodeURIComponent(id)}/resend-confirmation`, {}),
  })
}

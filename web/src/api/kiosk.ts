import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { KioskCreate, KioskList, KioskView, PinAnswer, PunchAnswer, PunchBody } from '@app/core'
import { apiJson, apiRequest, readQuery } from './client.ts'
import { kioskKeys } from './keys.ts'
import { useWriteThenRead } from './write-through.ts'

/** Settings → Kiosk (supervisors): the organization's kiosks with their last use. */
export const kiosksQuery = readQuery<KioskList>(kioskKeys.all)
export const useKiosks = () => useQuery(kiosksQuery)

/**
 * POST /api/kiosks: this browser's session becomes a kiosk session (the server sets a new cookie),
 * so everything the member's session had read is dropped: from now on this device is the kiosk.
 */
export const useCreateKiosk = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: KioskCreate) => apiJson<KioskView>('POST', '/api/kiosks', input),
    onSuccess: () => queryClient.clear(),
  })
}

/** DELETE /api/kiosks/{id}: the kiosk and its session end at once. */
export const useRevokeKiosk = () =>
  useWriteThenRead((id: string) => apiRequest('DELETE', `/api/kiosks/${encodeURIComponent(id)}`), [kioskKeys.all])

/** POST /api/kiosk/punch: clocks the member in or out (`at`: when a punch made offline was made). */
export const sendPunch = (body: PunchBody) => apiJson<PunchAnswer>('POST', '/api/kiosk/punch', body)

/** PUT /api/profile/pin: the signed-in member's own kiosk PIN. */
export const useSetOwnPin = () =>
  useMutation({ mutationFn: (pin: string) => apiJson<PinAnswer>('PUT', '/api/profile/pin', { pin }) })

/** PUT /api/employees/{id}/pin: a supervisor sets a member's PIN, or clears it (null). */
export const useSetMemberPin = () =>
  useMutation({
    mutationFn: ({ id, pin }: { id: string; pin: string | null }) =>
      apiJson<PinAnswer>('PUT', `/api/employees/${encodeURIComponent(id)}/pin`, { pin }),
  })

import { lazy, Suspense, useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CloudOff, RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '@app/core'
import { offlineKeys } from '../../api/keys.ts'
import { useOnline } from '../../offline/connection.ts'
import { savedOnDevice, syncSaves } from '../../offline/drafts.ts'
import { queuedSaves } from '../../offline/offline-db.ts'
import { useSyncState } from '../../offline/sync-state.ts'
import { Button } from '../ui/Button.tsx'

// Loaded only when a conflict asks for it: every signed-in page carries this frame.
const SyncConflictDialog = lazy(() =>
  import('./SyncConflictDialog.tsx').then((m) => ({ default: m.SyncConflictDialog })),
)

/**
 * The offline staff app's frame, under the header of every signed-in page: the offline indicator,
 * what waits on this device, the sync when the connection comes back, and the choice a conflict asks for.
 */
export function OfflineSync({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('staff')
  const queryClient = useQueryClient()
  const online = useOnline()
  const { syncing, conflicts } = useSyncState()
  const saves = useQuery({
    queryKey: offlineKeys.saves,
    queryFn: () => queuedSaves(user.id).catch(() => []),
    networkMode: 'always',
  })
  const waiting = saves.data?.length ?? 0

  // Not a read for the screen: the connection came back (or the app opened online), so what this
  // device holds goes to the server now, in order.
  useEffect(() => {
    if (online && !user.demo) void syncSaves(queryClient, user.id)
  }, [online, user.id, user.demo, queryClient])

  const conflict = conflicts[0]
  return (
    <>
      <div role="status" aria-live="polite" aria-label={t('offline.connection')}>
        {!online || waiting > 0 ? (
          <div
            className={
              online
                ? 'border-b border-indigo-200 bg-indigo-50 px-4 py-2 text-sm text-indigo-950'
                : 'border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950'
            }
          >
            <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1">
              {online ? null : (
                <span className="flex items-center gap-2 font-semibold">
                  <CloudOff className="size-4" aria-hidden /> {t('offline.offline')}
                </span>
              )}
              <span>
                {waiting === 0 ? t('offline.keepWorking') : online && syncing ? t('offline.syncing') : savedOnDevice()}
              </span>
              {online && waiting > 0 && !syncing && !conflict ? (
                <Button variant="outline" onClick={() => void syncSaves(queryClient, user.id)}>
                  <RefreshCw aria-hidden /> {t('offline.syncNow')}
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
      {conflict ? (
        <Suspense fallback={null}>
          <SyncConflictDialog key={conflict.timesheetId} conflict={conflict} userId={user.id} />
        </Suspense>
      ) : null}
    </>
  )
}

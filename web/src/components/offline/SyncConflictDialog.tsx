import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  formatDateRange,
  isEditable,
  statusLabel,
  TimesheetDays,
  type TimesheetAnswer,
  type TimesheetPage,
} from '@app/core'
import { apiJson } from '../../api/client.ts'
import { offlineKeys, timesheetKeys } from '../../api/keys.ts'
import { keepDeviceVersion, keepOtherVersion } from '../../offline/drafts.ts'
import { latestSave } from '../../offline/offline-db.ts'
import { settleConflict } from '../../offline/sync-state.ts'
import type { SyncConflict } from '../../offline/sync-queue.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { cn } from '../../lib/cn.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog, DialogContent, DialogFooter, DialogHeading } from '../ui/Dialog.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { compareWeeks } from './week-versions.ts'

/** The week as the server holds it now: the member's own list has every week of theirs, newest first. */
const serverVersion = async (id: number): Promise<TimesheetAnswer> => {
  const page = await apiJson<TimesheetPage>('GET', `${timesheetKeys.all[0]}?limit=100`)
  const found = page.items.find((t) => t.id === id)
  if (!found) throw new Error('That week is no longer on the server.')
  return found
}

/**
 * A week the server would not take from this device's queue (changed on another device, or no
 * longer a draft). Nothing is lost: the member sees both versions, day by day, and chooses. Until
 * then the device keeps its entries ('Decide later' only closes the dialog).
 */
export function SyncConflictDialog({ conflict, userId }: { conflict: SyncConflict; userId: string }) {
  const queryClient = useQueryClient()
  const [choosing, setChoosing] = useState<'mine' | 'theirs' | null>(null)
  const id = conflict.timesheetId
  const mine = useQuery({
    queryKey: [...offlineKeys.saves, id],
    queryFn: async () => (await latestSave(userId, id)) ?? null,
    networkMode: 'always',
  })
  const theirs = useQuery({
    queryKey: [...timesheetKeys.all, { conflict: id }],
    queryFn: () => serverVersion(id),
    staleTime: 0,
  })

  const choose = async (which: 'mine' | 'theirs') => {
    setChoosing(which)
    try {
      if (which === 'mine') await keepDeviceVersion(queryClient, theirs.data!)
      else await keepOtherVersion(queryClient, userId, id)
      toast({
        title: 'Timesheet Saved',
        description: which === 'mine' ? 'The entries from this device were saved.' : 'The saved version was kept.',
      })
    } catch (error) {
      toastFailure('Save Failed', error, 'Failed to save timesheet')
    } finally {
      setChoosing(null)
    }
  }

  const server = theirs.data
  const device = mine.data
  const editable = server ? isEditable(server.status) : false
  return (
    <Dialog open onOpenChange={(open) => (open || choosing ? undefined : settleConflict(id))}>
      <DialogContent className="max-w-3xl">
        <DialogHeading title="This week was changed somewhere else">
          {conflict.message} The entries saved on this device are kept until you choose which version to keep.
        </DialogHeading>
        {theirs.isError ? (
          <ErrorState message="We could not load the saved version." onRetry={() => void theirs.refetch()} />
        ) : !server || mine.isPending ? (
          <LoadingState label="Loading both versions..." />
        ) : !device ? (
          <p className="text-sm text-slate-700">This device no longer holds entries for this week.</p>
        ) : (
          <Versions server={server} device={device.days} savedAt={device.savedAt} />
        )}
        {server && !editable ? (
          <p className="mt-3 text-sm text-amber-900">
            The saved version is {statusLabel[server.status]} and can no longer be changed, so this device’s entries
            cannot replace it. Ask your supervisor to send it back, or keep the saved version.
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="ghost" onClick={() => settleConflict(id)} disabled={choosing !== null}>
            Decide later
          </Button>
          <Button
            variant="outline"
            onClick={() => void choose('theirs')}
            disabled={choosing !== null || !server}
            busy={choosing === 'theirs'}
            busyLabel="Saving..."
          >
            Keep the saved version
          </Button>
          <Button
            onClick={() => void choose('mine')}
            disabled={choosing !== null || !server || !device || !editable}
            busy={choosing === 'mine'}
            busyLabel="Saving..."
          >
            Keep this device’s entries
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function Versions({ server, device, savedAt }: { server: TimesheetAnswer; device: TimesheetDays; savedAt: string }) {
  const { days, notes } = compareWeeks(server.weekStartDate, device, TimesheetDays.parse(server))
  const saved = new Date(savedAt)
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Week of {formatDateRange(server.weekStartDate)}. On this device: saved{' '}
        {saved.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}. Saved elsewhere:{' '}
        {statusLabel[server.status]}.
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Both versions of the week, day by day</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-2">
              Day
            </th>
            <th scope="col" className="py-2 pr-2">
              On this device
            </th>
            <th scope="col" className="py-2">
              Saved elsewhere
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day} className={cn('border-b border-slate-100 align-top', d.differs && 'bg-amber-50')}>
              <th scope="row" className="py-2 pr-2 font-medium">
                {d.label}
                {d.differs ? <span className="block text-xs font-normal text-amber-900">Differs</span> : null}
              </th>
              <td className="py-2 pr-2 break-words">{describe(d.fields, 'mine')}</td>
              <td className="py-2 break-words">{describe(d.fields, 'theirs')}</td>
            </tr>
          ))}
          <tr className={cn('align-top', notes.differs && 'bg-amber-50')}>
            <th scope="row" className="py-2 pr-2 font-medium">
              Notes
            </th>
            <td className="py-2 pr-2 break-words whitespace-pre-line">{notes.mine || '—'}</td>
            <td className="py-2 break-words whitespace-pre-line">{notes.theirs || '—'}</td>
          </tr>
        </tbody>
      </table>
    </div>
  )
}

/** A day of one version in a line: '09:00 - 17:00 · Sermon preparation', with any further fields. */
function describe(fields: { name: string; mine: string; theirs: string }[], side: 'mine' | 'theirs') {
  const value = (name: string) => fields.find((f) => f.name === name)?.[side] ?? ''
  const start = value('Start')
  const end = value('End')
  const extra = fields
    // A further field (a break) only when it holds something: 0 minutes reads as no break.
    .filter((f) => !['Start', 'End', 'Activity'].includes(f.name) && f[side] && f[side] !== '0')
    .map((f) => `${f.name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}: ${f[side]}`)
  const parts = [start || end ? `${start || '--:--'} - ${end || '--:--'}` : 'No hours logged', ...extra]
  const activity = value('Activity')
  return activity ? `${parts.join(', ')} · ${activity}` : parts.join(', ')
}

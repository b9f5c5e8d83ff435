import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { isEditable, TimesheetDays, type TimesheetAnswer, type TimesheetPage } from '@app/core'
import { apiJson } from '../../api/client.ts'
import { offlineKeys, timesheetKeys } from '../../api/keys.ts'
import { keepDeviceVersion, keepOtherVersion } from '../../offline/drafts.ts'
import { latestSave } from '../../offline/offline-db.ts'
import { settleConflict } from '../../offline/sync-state.ts'
import type { SyncConflict } from '../../offline/sync-queue.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { cn } from '../../lib/cn.ts'
import { formatBreakMinutes, formatDate, formatDateRange } from '../../lib/format.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog, DialogContent, DialogFooter, DialogHeading } from '../ui/Dialog.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { compareWeeks, type DayComparison } from './week-versions.ts'

/** The comparison's columns, by their heading's key under conflict in the staff catalogue. */
const COLUMNS = ['day', 'onDevice', 'elsewhere'] as const

/** The week as the server holds it now: the member's own list has every week of theirs, newest first. */
const serverVersion = async (id: number): Promise<TimesheetAnswer> => {
  const page = await apiJson<TimesheetPage>('GET', `${timesheetKeys.all[0]}?limit=100`)
  const found = page.items.find((sheet) => sheet.id === id)
  if (!found) throw new Error('That week is no longer on the server.')
  return found
}

/**
 * A week the server would not take from this device's queue (changed on another device, or no
 * longer a draft). Nothing is lost: the member sees both versions, day by day, and chooses. Until
 * then the device keeps its entries ('Decide later' only closes the dialog).
 */
export function SyncConflictDialog({ conflict, userId }: { conflict: SyncConflict; userId: string }) {
  const { t } = useTranslation('staff')
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
        title: t('toast.saved'),
        description: which === 'mine' ? t('conflict.deviceSaved') : t('conflict.savedKept'),
      })
    } catch (error) {
      toastFailure(t('toast.saveFailed'), error, t('toast.failedToSave'))
    } finally {
      setChoosing(null)
    }
  }

  const keepSaved = () => void choose('theirs')
  const keepDevice = () => void choose('mine')
  const server = theirs.data
  const device = mine.data
  const editable = server ? isEditable(server.status) : false
  return (
    <Dialog open onOpenChange={(open) => (open || choosing ? undefined : settleConflict(id))}>
      <DialogContent className="max-w-3xl">
        <DialogHeading title={t('conflict.title')}>
          {conflict.message} {t('conflict.kept')}
        </DialogHeading>
        {theirs.isError ? (
          <ErrorState message={t('conflict.loadFailed')} onRetry={() => void theirs.refetch()} />
        ) : !server || mine.isPending ? (
          <LoadingState label={t('conflict.loading')} />
        ) : !device ? (
          <p className="text-sm text-slate-700">{t('conflict.noDeviceEntries')}</p>
        ) : (
          <Versions server={server} device={device.days} savedAt={device.savedAt} />
        )}
        {server && !editable ? (
          <p className="mt-3 text-sm text-amber-900">
            {t('conflict.notEditable', { status: t(`common:status.${server.status}`) })}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="ghost" onClick={() => settleConflict(id)} disabled={choosing !== null}>
            {t('conflict.decideLater')}
          </Button>
          <Button
            variant="outline"
            onClick={keepSaved}
            disabled={choosing !== null || !server}
            busy={choosing === 'theirs'}
            busyLabel={t('common:saving')}
          >
            {t('conflict.keepSaved')}
          </Button>
          <Button
            wrap
            onClick={keepDevice}
            disabled={choosing !== null || !server || !device || !editable}
            busy={choosing === 'mine'}
            busyLabel={t('common:saving')}
          >
            {t('conflict.keepDevice')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function Versions({ server, device, savedAt }: { server: TimesheetAnswer; device: TimesheetDays; savedAt: string }) {
  const { t } = useTranslation('staff')
  const { days, notes } = compareWeeks(server.weekStartDate, device, TimesheetDays.parse(server))
  const sides = (d: DayComparison) => ({ mine: describe(t, d.fields, 'mine'), theirs: describe(t, d.fields, 'theirs') })
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        {t('conflict.summary', {
          range: formatDateRange(server.weekStartDate),
          savedAt: formatDate(savedAt, 'dateTime'),
          status: t(`common:status.${server.status}`),
        })}
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('conflict.caption')}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {COLUMNS.map((column, i) => (
              <th key={column} scope="col" className={i < COLUMNS.length - 1 ? 'py-2 pr-2' : 'py-2'}>
                {t(`conflict.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day} className={cn('border-b border-slate-100 align-top', d.differs && 'bg-amber-50')}>
              <th scope="row" className="py-2 pr-2 font-medium">
                {t(`common:days.${d.day}`)}
                {d.differs ? (
                  <span className="block text-xs font-normal text-amber-900">{t('conflict.differs')}</span>
                ) : null}
              </th>
              <td className="py-2 pr-2 break-words">{sides(d).mine}</td>
              <td className="py-2 break-words">{sides(d).theirs}</td>
            </tr>
          ))}
          <tr className={cn('align-top', notes.differs && 'bg-amber-50')}>
            <th scope="row" className="py-2 pr-2 font-medium">
              {t('conflict.notes')}
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
function describe(t: TFunction, fields: { name: string; mine: string; theirs: string }[], side: 'mine' | 'theirs') {
  const value = (name: string) => fields.find((f) => f.name === name)?.[side] ?? ''
  const start = value('Start')
  const end = value('End')
  // A split day reads as its ranges.
  const spans = value('Spans')
  const extra = fields
    // A further field (a break) only when it holds something: 0 minutes reads as no break.
    .filter((f) => !['Start', 'End', 'Spans', 'Activity'].includes(f.name) && f[side] && f[side] !== '0')
    .map((f) =>
      f.name === 'BreakMinutes'
        ? t('conflict.break', { minutes: formatBreakMinutes(Number(f[side])) })
        : `${f.name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}: ${f[side]}`,
    )
  const times = spans || (start || end ? `${start || '--:--'} - ${end || '--:--'}` : t('conflict.noHours'))
  const parts = [times, ...extra]
  const activity = value('Activity')
  return activity ? `${parts.join(', ')} · ${activity}` : parts.join(', ')
}

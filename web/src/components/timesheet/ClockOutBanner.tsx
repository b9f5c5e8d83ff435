import { useId, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { AlarmClock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  isEditable,
  isTime,
  missingClockOuts,
  spanFields,
  spansAfterClockOut,
  timesheetDays,
  type MissingClockOut,
  type Timesheet,
} from '@app/core'
import { timesheetKeys } from '../../api/keys.ts'
import { isConflictError, useCurrentWeekTimesheet, useUpdateDraft } from '../../api/timesheets.ts'
import { formatDate } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { useLastWeek } from './CopyLastWeek.tsx'
import { useClockOutLimit } from './clock-out.ts'
import { useNow } from './use-now.ts'

/**
 * 'Still working?': one banner per day of this week or the last whose timer (from the app
 * or a kiosk) has run past the organization's limit with no end. 'I stopped at …' sets the end the
 * member picks, offered as the moment the limit was reached, through the member's own save (its
 * audit record, the device's queue offline, a closed period refused). Nothing is set until they do.
 */
export function ClockOutBanner() {
  const current = useCurrentWeekTimesheet().data
  const lastWeek = useLastWeek(current?.weekStartDate ?? '', current ? 'fetch' : 'no')
  const limit = useClockOutLimit()
  const now = useNow(60_000)
  if (!limit) return null
  const open = [lastWeek, current].filter((s): s is Timesheet =>
    Boolean(s && isEditable(s.status) && !('periodClosed' in s && s.periodClosed)),
  )
  const missing = open.flatMap((sheet) =>
    missingClockOuts(sheet, limit.hours, limit.timeZone, now).map((day) => ({ sheet, day })),
  )
  if (!missing.length) return null
  return (
    <div className="space-y-3">
      {missing.map(({ sheet, day }) => (
        <MissingDay key={`${sheet.id}-${day.day}`} sheet={sheet} missing={day} hours={limit.hours} />
      ))}
    </div>
  )
}

function MissingDay({ sheet, missing, hours }: { sheet: Timesheet; missing: MissingClockOut; hours: number }) {
  const { t } = useTranslation('staff')
  const queryClient = useQueryClient()
  const update = useUpdateDraft()
  const [end, setEnd] = useState(missing.suggestedEnd)
  const id = useId()
  const day = t(`common:days.${missing.day}`)

  const onStop = async () => {
    if (!isTime(end)) {
      toast({ variant: 'destructive', title: t('clockOut.saveFailed'), description: t('clockOut.needsTime') })
      return
    }
    // The end closes the span still running (a split day's earlier spans keep theirs).
    const spans = spansAfterClockOut(sheet, missing.day, end)
    if (!spans) return
    const days = { ...timesheetDays(sheet), ...spanFields(missing.day, spans) }
    try {
      const { onDevice } = await update.mutateAsync({ id: sheet.id, days, version: sheet.version })
      const values = { day, start: missing.start, end }
      toast({
        title: t('clockOut.saved'),
        description: t(onDevice ? 'clockOut.savedOnDevice' : 'clockOut.savedDay', values),
      })
    } catch (error) {
      if (isConflictError(error)) void queryClient.invalidateQueries({ queryKey: timesheetKeys.all })
      toastFailure(t('clockOut.saveFailed'), error, t('toast.failedToSave'))
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <AlarmClock aria-hidden className="size-4 shrink-0" /> {t('clockOut.title')}
      </h3>
      <p>{t('clockOut.body', { day, date: formatDate(missing.date), start: missing.start, hours })}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-end`} className="block text-xs font-medium">
            {t('clockOut.endLabel', { day })}
          </label>
          <input
            id={`${id}-end`}
            type="time"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            disabled={update.isPending}
            className={`${inputClasses} w-36`}
          />
        </div>
        <Button onClick={() => void onStop()} disabled={update.isPending}>
          {isTime(end) ? t('clockOut.stoppedAt', { time: end }) : t('clockOut.stoppedAtNoTime')}
        </Button>
      </div>
      <p className="text-xs">{t('clockOut.keepRunning')}</p>
    </section>
  )
}

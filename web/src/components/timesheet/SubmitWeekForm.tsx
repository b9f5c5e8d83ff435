import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import {
  currentWeekStart,
  dateOfDay,
  daysInWeekOrder,
  daysOfWeekStarting,
  isCalendarDate,
  isEditable,
  sentBack,
  TimesheetDays,
  type CurrentWeek,
  type WeekStartDay,
  type WeekTimesheetSave,
} from '@app/core'
import { errorFields } from '../../api/client.ts'
import { NotSavedOffline, useSaveWeekDraft, useSubmitWeek } from '../../api/timesheets.ts'
import { savedOnDevice } from '../../offline/drafts.ts'
import { formatShortDate } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { TimesheetStatusBadge } from '../TimesheetStatusBadge.tsx'
import { MyWeekLeave } from '../time-off/WeekLeave.tsx'
import { Card, CardContent } from '../ui/Card.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { Label } from '../ui/Label.tsx'
import { LinkButton } from '../ui/LinkButton.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { CopyLastWeek, useLastWeek } from './CopyLastWeek.tsx'
import { rejectionOf } from './rejection.ts'
import { SubmitDayCard } from './SubmitDayCard.tsx'
import { ConflictNotice, DayFields, NotesField, SaveAndSubmitButtons, SupervisorComments } from './TimesheetFields.tsx'
import { useChosenWeek, type SavedWeek } from './use-chosen-week.ts'
import { WeekPercentSplit } from './WeekPercentSplit.tsx'
import { WeekPicker } from './WeekPicker.tsx'
import { WeekTotal } from './WeekTotal.tsx'
import { toastSubmitted } from './submitted-toast.ts'

export interface SubmitWeekFormProps {
  current: CurrentWeek | undefined
  /** The week the page opens on, with its saved entries when it is not this week. */
  start: { week: string; saved: SavedWeek }
  timeZone: string
  weekStartDay: WeekStartDay
}

/**
 * The submit page's form: Week Starting, then the chosen week's seven days, notes and total. A
 * week that can still be changed is edited (saved with POST /api/timesheets/save-draft, submitted
 * with POST /api/timesheets); a submitted, approved or closed week is only shown.
 */
export function SubmitWeekForm({ current, start, timeZone, weekStartDay }: SubmitWeekFormProps) {
  const { t } = useTranslation('staff')
  const navigate = useNavigate()
  const saveDraft = useSaveWeekDraft()
  const submitWeek = useSubmitWeek()
  const chosen = useChosenWeek(current, start)
  const { week: weekStartDate, editor, locked } = chosen
  const { days, base } = editor
  const thisWeek = () => currentWeekStart(timeZone, weekStartDay)
  const [weekError, setWeekError] = useState<string | null>(null)

  const busy = editor.busy !== null
  const lastError = submitWeek.error ?? saveDraft.error
  const serverFields = lastError ? errorFields(lastError) : {}
  const weekMessage = weekError ?? serverFields.weekStartDate
  const order = isCalendarDate(weekStartDate) ? daysOfWeekStarting(weekStartDate) : daysInWeekOrder(weekStartDay)
  // Sent back by its supervisor: said (with the comment) until the week is submitted again.
  const declined = base && base.weekStartDate === weekStartDate && sentBack(base) ? base : undefined

  // Copy last week fills the form; Save or Submit then keeps it like anything typed (offline too).
  const lastWeek = useLastWeek(weekStartDate, locked === undefined ? 'fetch' : 'no')

  /** The body of both calls; the version guards the week's saved entries against an overwrite. */
  const payload = (): WeekTimesheetSave => ({
    ...days,
    weekStartDate,
    version: base && base.weekStartDate === weekStartDate ? base.version : undefined,
  })

  const validate = (): boolean => {
    if (weekStartDate.trim()) return true
    setWeekError(t('submitPage.weekRequired'))
    document.getElementById('weekStartDate')?.focus()
    return false
  }

  const onSave = () => {
    if (!validate() || editor.refuseTooLong()) return
    void editor.runAs('save', async () => {
      let onDevice = false
      try {
        const saved = saveDraft.mutateAsync(payload())
        await editor.track(saved.then((r) => r.timesheet))
        onDevice = (await saved).onDevice
      } catch (error) {
        // Neither the server nor this device has it: said plainly, and the form keeps what was typed.
        if (error instanceof NotSavedOffline)
          toast({ variant: 'destructive', title: t('offline.notSavedTitle'), description: error.message })
        else toastFailure(t('common:error'), error, t('toast.failedToSave'))
        return
      }
      toast(onDevice ? { title: savedOnDevice() } : { title: t('toast.saved'), description: t('toast.savedForLater') })
      navigate('/')
    })
  }

  /** POST /api/timesheets: the server saves the week and submits it in one step. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!validate()) return
    void editor.saveAndSubmit({
      submit: () => submitWeek.mutateAsync(payload()),
      submitFailed: t('common:error'),
      submitted: (answer) => {
        toastSubmitted(answer, t('toast.weekSubmittedForApproval'))
        editor.reset()
        navigate('/')
      },
    })
  }

  const bound = locked
    ? { days: TimesheetDays.parse(locked), onChange: () => {}, readOnly: true }
    : {
        days,
        onChange: editor.setField,
        named: true,
        errors: { ...editor.unfinishedFields, ...serverFields },
        disabled: busy,
      }

  return (
    <>
      {locked ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-700">
          <TimesheetStatusBadge status={locked.status} />
          <span>
            {isEditable(locked.status)
              ? t('submitPage.periodClosed')
              : t('submitPage.locked', { status: t(`common:status.${locked.status}`) })}
          </span>
        </div>
      ) : null}

      {declined ? (
        <div
          role="region"
          aria-label={t('submitPage.declinedRegion')}
          className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <div className="flex flex-wrap items-center gap-2">
            <TimesheetStatusBadge status={declined.status} />
            <span>{t('submitPage.declined')}</span>
          </div>
          <SupervisorComments comments={rejectionOf(declined)} />
        </div>
      ) : null}

      <ConflictNotice
        message={editor.conflict}
        reloading={editor.reloading}
        disabled={busy}
        onReload={() => void chosen.reload()}
      />

      <form noValidate onSubmit={onSubmit} aria-label={t('submitPage.form')} className="space-y-4">
        <Card>
          <CardContent className="space-y-1.5 pt-4 sm:pt-6">
            <Label htmlFor="weekStartDate">{t('submitPage.weekStarting')}</Label>
            <WeekPicker
              id="weekStartDate"
              value={weekStartDate}
              thisWeek={thisWeek()}
              weekStartDay={weekStartDay}
              onChange={(week) => {
                chosen.choose(week)
                setWeekError(null)
                saveDraft.reset()
                submitWeek.reset()
              }}
              disabled={busy}
              invalid={weekMessage !== undefined && weekMessage !== null}
              describedBy={weekMessage ? 'weekStartDate-error weekStartDate-hint' : 'weekStartDate-hint'}
            />
            <p id="weekStartDate-hint" className="text-sm text-slate-600">
              {t('submitPage.weeksStartOn', { day: t(`common:weekdays.${weekStartDay}`) })}
            </p>
            {weekMessage ? <FieldMessage id="weekStartDate-error">{weekMessage}</FieldMessage> : null}
          </CardContent>
        </Card>

        {chosen.load === 'loading' ? (
          <LoadingState label={t('submitPage.loadingWeek')} className="py-6" />
        ) : chosen.load === 'failed' ? (
          <ErrorState className="py-6" message={t('submitPage.weekLoadError')} onRetry={chosen.retry} />
        ) : (
          <>
            {locked ? null : (
              <CopyLastWeek
                days={days}
                lastWeek={lastWeek}
                disabled={busy}
                onCopy={async (patch) => {
                  editor.fill(patch)
                  return { onDevice: false }
                }}
                onUndo={async (restore) => {
                  editor.fill(restore)
                  return true
                }}
              />
            )}

            {order.map((day) => (
              <SubmitDayCard
                key={day}
                day={day}
                date={isCalendarDate(weekStartDate) ? formatShortDate(dateOfDay(weekStartDate, day)) : null}
                days={bound.days}
                disabled={busy}
                locked={locked !== undefined}
                timeZone={timeZone}
                onFill={editor.fill}
              >
                <DayFields day={day} {...bound} />
              </SubmitDayCard>
            ))}

            <WeekPercentSplit className="bg-white" {...bound} />

            <Card>
              <CardContent className="pt-4 sm:pt-6">
                <NotesField {...bound} />
              </CardContent>
            </Card>

            <WeekTotal days={bound.days} />
            <MyWeekLeave weekStartDate={weekStartDate} timeZone={timeZone} />

            {locked ? (
              <div className="flex justify-end">
                <LinkButton to="/" size="lg">
                  {t('submitPage.back')}
                </LinkButton>
              </div>
            ) : (
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <LinkButton to="/" variant="ghost" size="lg">
                  {t('common:cancel')}
                </LinkButton>
                <SaveAndSubmitButtons
                  busy={editor.busy}
                  onSave={onSave}
                  submitLabel={t('submitPage.submit')}
                  size="lg"
                />
              </div>
            )}
          </>
        )}
      </form>
    </>
  )
}

import { useState, type FormEvent } from 'react'
import { Bell } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  CLOCK_OUT_LIMIT_HOURS,
  DAYS,
  NotificationSettings,
  wholeChurch,
  type DayName,
  type NotificationsView,
} from '@app/core'
import { useAuth } from '../../api/auth.ts'
import { errorMessage } from '../../api/client.ts'
import { useNotifications, useUpdateNotifications } from '../../api/notifications.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { SubmitRow } from '../ui/SubmitRow.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { DayOptions } from '../ui/Options.tsx'
import { CheckboxRow, FormField } from '../ui/FormField.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'

type Draft = NotificationSettings
const toDraft = ({ optedOut: _, ...settings }: NotificationsView): Draft => settings
/** The two schedules, each a day and a time (notifications.{name} names it). */
const SCHEDULES = ['staffReminder', 'supervisorDigest'] as const

/** A day and a time, in the organization's time zone. */
function ScheduleFields({
  id,
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string
  label: string
  value: { day: DayName; time: string }
  onChange: (v: { day: DayName; time: string }) => void
  error?: string
  disabled: boolean
}) {
  const { t } = useTranslation('supervisor')
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${id}-day`} label={t('notifications.day')} className="space-y-1">
          <select
            id={`${id}-day`}
            value={value.day}
            onChange={(e) => onChange({ ...value, day: e.target.value as DayName })}
            disabled={disabled}
            className={inputClasses}
          >
            <DayOptions days={DAYS} />
          </select>
        </FormField>
        <FormField id={`${id}-time`} label={t('notifications.time')} className="space-y-1">
          <input
            id={`${id}-time`}
            type="time"
            value={value.time}
            onChange={(e) => onChange({ ...value, time: e.target.value })}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
            className={inputClasses}
          />
        </FormField>
      </div>
      {error ? <FieldMessage id={`${id}-error`}>{error}</FieldMessage> : null}
    </fieldset>
  )
}

/**
 * The church's reminders and their schedule; `readOnly` for a campus admin, since they go out to
 * every campus and only a supervisor of the whole church changes them (the server answers 403).
 */
function NotificationsForm({ saved, readOnly }: { saved: NotificationsView; readOnly: boolean }) {
  const { t } = useTranslation('supervisor')
  const update = useUpdateNotifications()
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const busy = update.isPending || readOnly
  const set = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...change }))
    setErrors({})
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = NotificationSettings.safeParse(draft)
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    update.mutate(checked.data, {
      onSuccess: (answer) => {
        setDraft(toDraft(answer))
        toast({ title: t('settings.form.savedTitle'), description: t('notifications.saved') })
      },
      onError: (error) => toastFailure(t('members.error'), error, t('notifications.saveFailed')),
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {readOnly ? <p className="text-sm text-slate-600">{t('notifications.wholeChurchOnly')}</p> : null}
      <CheckboxRow
        id="remindersEnabled"
        checked={draft.remindersEnabled}
        onChange={(remindersEnabled) => set({ remindersEnabled })}
        disabled={busy}
        label={t('notifications.reminders')}
        hint={t('notifications.remindersHint')}
      />
      {SCHEDULES.map((name) => (
        <ScheduleFields
          key={name}
          id={name}
          label={t(`notifications.${name}`)}
          value={draft[name]}
          onChange={(schedule) => set({ [name]: schedule })}
          error={errors[name]}
          disabled={busy || !draft.remindersEnabled}
        />
      ))}
      <FormField
        id="forgottenTimerHours"
        label={t('notifications.forgottenTimer')}
        message={errors.forgottenTimerHours}
      >
        <input
          id="forgottenTimerHours"
          type="number"
          inputMode="numeric"
          min={CLOCK_OUT_LIMIT_HOURS.min}
          max={CLOCK_OUT_LIMIT_HOURS.max}
          value={Number.isNaN(draft.forgottenTimerHours) ? '' : draft.forgottenTimerHours}
          onChange={(e) => set({ forgottenTimerHours: e.target.valueAsNumber })}
          aria-invalid={errors.forgottenTimerHours ? true : undefined}
          disabled={busy || !draft.remindersEnabled}
          className={inputClasses}
        />
      </FormField>
      <div className="space-y-1.5">
        <h3 className="text-sm font-medium text-slate-900">{t('notifications.optedOut')}</h3>
        {saved.optedOut.length ? (
          <ul className="divide-y divide-slate-100 text-sm" aria-label={t('notifications.optedOut')}>
            {saved.optedOut.map((o) => (
              <li key={o.userId} className="py-2">
                <span className="font-medium text-slate-900">{o.name}</span>
                <span className="text-slate-600">
                  {t('notifications.kinds', { kinds: o.kinds.map((k) => t(`notifications.kind.${k}`)).join(', ') })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('notifications.nobodyOptedOut')}</p>
        )}
      </div>
      {readOnly ? null : (
        <SubmitRow
          busy={busy}
          label={t('notifications.save')}
          busyLabel={t('members.edit.saving')}
          className="border-t border-slate-100 pt-4"
        />
      )}
    </form>
  )
}

/** Settings → Notifications (supervisors): reminders on or off, when they go out, who opted out. */
export function NotificationSettingsSection() {
  const { t } = useTranslation('supervisor')
  const notifications = useNotifications()
  const { user } = useAuth()
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell aria-hidden className="size-5" /> {t('notifications.title')}
        </CardTitle>
        <CardDescription>{t('notifications.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {notifications.data ? (
          <NotificationsForm saved={notifications.data} readOnly={user !== null && !wholeChurch(user)} />
        ) : notifications.isLoading ? (
          <LoadingState label={t('notifications.loading')} />
        ) : (
          <p className="text-sm text-slate-600">{errorMessage(notifications.error, t('notifications.loadError'))}</p>
        )}
      </CardContent>
    </Card>
  )
}

import { useState, type FormEvent } from 'react'
import { Bell } from 'lucide-react'
import {
  DAYS,
  dayLabel,
  NotificationSettings,
  reminderKindLabel,
  type DayName,
  type NotificationsView,
} from '@app/core'
import { errorMessage } from '../../api/client.ts'
import { useNotifications, useUpdateNotifications } from '../../api/notifications.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'

export const NOTIFICATIONS_SAVED = 'Notification settings have been updated.'

type Draft = NotificationSettings
const toDraft = ({ optedOut: _, ...settings }: NotificationsView): Draft => settings

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
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1">
          <Label htmlFor={`${id}-day`}>Day</Label>
          <select
            id={`${id}-day`}
            value={value.day}
            onChange={(e) => onChange({ ...value, day: e.target.value as DayName })}
            disabled={disabled}
            className={inputClasses}
          >
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {dayLabel[d]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-time`}>Time</Label>
          <input
            id={`${id}-time`}
            type="time"
            value={value.time}
            onChange={(e) => onChange({ ...value, time: e.target.value })}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
            className={inputClasses}
          />
        </div>
      </div>
      {error ? <FieldMessage id={`${id}-error`}>{error}</FieldMessage> : null}
    </fieldset>
  )
}

function NotificationsForm({ saved }: { saved: NotificationsView }) {
  const update = useUpdateNotifications()
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const busy = update.isPending
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
        toast({ title: 'Settings Saved', description: NOTIFICATIONS_SAVED })
      },
      onError: (error) => toastFailure('Error', error, 'Failed to update notification settings'),
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="flex items-start gap-3">
        <input
          id="remindersEnabled"
          type="checkbox"
          checked={draft.remindersEnabled}
          onChange={(e) => set({ remindersEnabled: e.target.checked })}
          disabled={busy}
          aria-describedby="remindersEnabled-hint"
          className="mt-0.5 size-5 shrink-0 accent-indigo-600"
        />
        <div className="space-y-0.5">
          <Label htmlFor="remindersEnabled">Reminders</Label>
          <p id="remindersEnabled-hint" className="text-sm text-slate-600">
            Remind staff who have not submitted their week, send supervisors a digest of what waits for approval, and
            nudge anyone whose timer has been running too long.
          </p>
        </div>
      </div>
      <ScheduleFields
        id="staffReminder"
        label="Remind staff who have not submitted"
        value={draft.staffReminder}
        onChange={(staffReminder) => set({ staffReminder })}
        error={errors.staffReminder}
        disabled={busy || !draft.remindersEnabled}
      />
      <ScheduleFields
        id="supervisorDigest"
        label="Supervisors’ digest of timesheets waiting for approval"
        value={draft.supervisorDigest}
        onChange={(supervisorDigest) => set({ supervisorDigest })}
        error={errors.supervisorDigest}
        disabled={busy || !draft.remindersEnabled}
      />
      <div className="space-y-1.5">
        <Label htmlFor="forgottenTimerHours">A running timer counts as forgotten after (hours)</Label>
        <input
          id="forgottenTimerHours"
          type="number"
          inputMode="numeric"
          min={1}
          max={72}
          value={Number.isNaN(draft.forgottenTimerHours) ? '' : draft.forgottenTimerHours}
          onChange={(e) => set({ forgottenTimerHours: e.target.valueAsNumber })}
          aria-invalid={errors.forgottenTimerHours ? true : undefined}
          disabled={busy || !draft.remindersEnabled}
          className={inputClasses}
        />
        {errors.forgottenTimerHours ? (
          <FieldMessage id="forgottenTimerHours-error">{errors.forgottenTimerHours}</FieldMessage>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <h3 className="text-sm font-medium text-slate-900">Who turned emails off</h3>
        {saved.optedOut.length ? (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Who turned emails off">
            {saved.optedOut.map((o) => (
              <li key={o.userId} className="py-2">
                <span className="font-medium text-slate-900">{o.name}</span>
                <span className="text-slate-600">: {o.kinds.map((k) => reminderKindLabel[k]).join(', ')}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Nobody has turned reminder emails off.</p>
        )}
      </div>
      <div className="flex justify-end border-t border-slate-100 pt-4">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save Notifications'}
        </Button>
      </div>
    </form>
  )
}

/** Settings → Notifications (supervisors): reminders on or off, when they go out, who opted out. */
export function NotificationSettingsSection() {
  const notifications = useNotifications()
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell aria-hidden className="size-5" /> Notifications
        </CardTitle>
        <CardDescription>Days and times are in your organization’s time zone.</CardDescription>
      </CardHeader>
      <CardContent>
        {notifications.data ? (
          <NotificationsForm saved={notifications.data} />
        ) : notifications.isLoading ? (
          <LoadingState label="Loading notifications..." />
        ) : (
          <p className="text-sm text-slate-600">
            {errorMessage(notifications.error, 'Could not load the notification settings.')}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

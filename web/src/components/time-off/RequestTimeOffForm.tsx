import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_HOURS_PER_DAY, fullName, TimeOffRequestInput, type KindBalance, type TimeOffKind } from '@app/core'
import { useRequestTimeOff } from '../../api/time-off.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { formatList } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/Button.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { fieldDescription, FormField } from '../ui/FormField.tsx'
import { dayHoursInput, TextField } from '../ui/TextField.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { Textarea } from '../ui/Textarea.tsx'
import { useKindName } from './time-off-parts.tsx'

const FIELDS = ['kind', 'from', 'to', 'hoursPerDay', 'note'] as const

/**
 * A member asks for time off. The server's refusals (a blackout date with its reason,
 * not enough hours, an overlap) are said above the form, where a screen reader hears them at once.
 */
export function RequestTimeOffForm({ balances }: { balances: readonly KindBalance[] }) {
  const { t } = useTranslation('staff')
  const kindName = useKindName()
  const id = useId()
  const kinds = balances.filter((b) => b.eligible)
  const request = useRequestTimeOff()
  const [kind, setKind] = useState<TimeOffKind | ''>(kinds[0]?.kind ?? '')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [hoursPerDay, setHoursPerDay] = useState(String(DEFAULT_HOURS_PER_DAY))
  const [note, setNote] = useState('')
  const errors = useFieldErrors(FIELDS, request.error)
  const formError = errors.formError(t('timeOff.request.failed'))

  if (kinds.length === 0) return <p className="text-sm text-slate-600">{t('timeOff.balances.none')}</p>

  const values = {
    kind: kind || undefined,
    from,
    to,
    hoursPerDay: hoursPerDay.trim() === '' ? undefined : Number(hoursPerDay),
    note,
  }
  const onSubmit = errors.onSubmit(TimeOffRequestInput, values, (input) =>
    request.mutate(input, {
      onSuccess: (requested) => {
        // A reviewer whose address is not confirmed gets the email only once they confirm it.
        const waiting = requested.reviewEmailsHeldFor ?? []
        toast(
          waiting.length
            ? {
                title: t('timeOff.request.sentTitle'),
                description: t('timeOff.request.sentReviewWaits', {
                  count: waiting.length,
                  names: formatList(waiting.map((r) => fullName(r))),
                }),
                duration: 15_000,
              }
            : { title: t('timeOff.request.sentTitle'), description: t('timeOff.request.sent') },
        )
        setFrom('')
        setTo('')
        setNote('')
      },
    }),
  )
  const edit =
    <V,>(set: (v: V) => void, name: (typeof FIELDS)[number]) =>
    (value: V) => {
      set(value)
      errors.clear(name)
      if (request.isError) request.reset()
    }
  const on = {
    kind: edit(setKind, 'kind'),
    from: edit(setFrom, 'from'),
    to: edit(setTo, 'to'),
    hoursPerDay: edit(setHoursPerDay, 'hoursPerDay'),
    note: edit(setNote, 'note'),
  }
  /** A text field's id, name, message, value and edit. */
  const control = (name: 'from' | 'to' | 'hoursPerDay', value: string) => ({
    id: fieldId(name),
    name,
    message: errors.shown[name],
    value,
    onChange: (e: { target: { value: string } }) => on[name](e.target.value),
  })
  const fieldId = (name: string) => `${id}-${name}`
  const described = (name: (typeof FIELDS)[number], hint = false) =>
    fieldDescription(fieldId(name), { hint, message: errors.shown[name] })

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('timeOff.request.title')}>
      <FormAlert message={formError} />
      <FormField id={fieldId('kind')} label={t('timeOff.request.kind')} message={errors.shown.kind}>
        <select
          id={fieldId('kind')}
          name="kind"
          className={inputClasses}
          value={kind}
          onChange={(e) => on.kind(e.target.value as TimeOffKind)}
          aria-describedby={described('kind')}
        >
          {kinds.map((b) => (
            <option key={b.kind} value={b.kind}>
              {kindName(b.kind, b.name)}
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...control('from', from)} label={t('timeOff.request.from')} type="date" required />
        <TextField
          {...control('to', to)}
          label={t('timeOff.request.to')}
          hint={t('timeOff.request.toHint')}
          type="date"
          min={from || undefined}
        />
      </div>
      <TextField
        {...control('hoursPerDay', hoursPerDay)}
        label={t('timeOff.request.hoursPerDay')}
        fieldClassName="max-w-48"
        {...dayHoursInput(0.25, 0.25)}
      />
      <FormField id={fieldId('note')} label={t('timeOff.request.note')} message={errors.shown.note}>
        <Textarea
          id={fieldId('note')}
          name="note"
          value={note}
          maxLength={500}
          onChange={(e) => on.note(e.target.value)}
          aria-describedby={described('note')}
        />
      </FormField>
      <Button type="submit" busy={request.isPending} busyLabel={t('timeOff.request.sending')}>
        {t('timeOff.request.submit')}
      </Button>
    </form>
  )
}

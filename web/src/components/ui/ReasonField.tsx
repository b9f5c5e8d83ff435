import { useState } from 'react'
import { useFieldErrors, type Parser } from '../../lib/field-errors.ts'
import type { ButtonProps } from './Button.tsx'
import { DialogActions, DialogContent, DialogHeading } from './Dialog.tsx'
import { FormAlert } from './FormAlert.tsx'
import { fieldDescription, FormField } from './FormField.tsx'
import { Textarea } from './Textarea.tsx'
import { useTextLimit } from './TextLimit.tsx'

/**
 * A required reason a dialog asks for (reopening a pay period, sending a week back): its label,
 * the server's refusal on it (`problem`) and its length limit, counted as the server counts it.
 */
export function ReasonField({
  id,
  name,
  label,
  value,
  onChange,
  max,
  problem,
  disabled,
}: {
  id: string
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  max: number
  problem: string | undefined
  disabled: boolean
}) {
  const limit = useTextLimit(id, value, max, fieldDescription(id, { message: problem }))
  return (
    <FormField id={id} label={label} message={problem}>
      <Textarea
        id={id}
        name={name}
        rows={3}
        required
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem || limit.over ? true : undefined}
        aria-describedby={limit.control['aria-describedby']}
      />
      {problem ? null : limit.note}
    </FormField>
  )
}

/**
 * A dialog's whole form around one required reason (reopening a pay period, sending a week back):
 * its heading, the refusal the form shows, the field checked by `schema` in the browser and by the
 * server, and its actions; `send` gets the checked reason.
 */
export function ReasonForm<N extends string>({
  id,
  name,
  max,
  schema,
  pending,
  error,
  send,
  texts,
  variant,
}: {
  id: string
  name: N
  max: number
  schema: Parser<Record<N, string>>
  pending: boolean
  /** The mutation's error: the server's refusal, on the field or for the form. */
  error: unknown
  send: (reason: string) => void
  texts: { title: string; intro: string; failed: string; label: string; confirm: string; busy: string }
  variant?: ButtonProps['variant']
}) {
  const [reason, setReason] = useState('')
  const errors = useFieldErrors([name], error)
  const onSubmit = errors.onSubmit(schema, { [name]: reason }, (checked) => send(checked[name]))
  return (
    <DialogContent>
      <DialogHeading title={texts.title}>{texts.intro}</DialogHeading>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={texts.title}>
        <FormAlert message={errors.formError(texts.failed)} />
        <ReasonField
          id={id}
          name={name}
          label={texts.label}
          value={reason}
          onChange={(value) => {
            setReason(value)
            errors.clear()
          }}
          max={max}
          problem={errors.shown[name]}
          disabled={pending}
        />
        <DialogActions pending={pending} label={texts.confirm} busyLabel={texts.busy} variant={variant} />
      </form>
    </DialogContent>
  )
}

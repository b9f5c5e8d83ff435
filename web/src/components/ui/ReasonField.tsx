import { useState } from 'react'
import { useFieldErrors, type Parser } from '../../lib/field-errors.ts'
import { toast } from '../../lib/toast.ts'
import type { ButtonProps } from './Button.tsx'
import { DialogContent, DialogForm, DialogHeading } from './Dialog.tsx'
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

/** The write a reason goes with (a mutation): sent with the checked reason, held while it runs. */
interface ReasonWrite<I> {
  mutate: (input: I, callbacks: { onSuccess: () => void }) => void
  isPending: boolean
  /** The server's refusal, on the field or for the form. */
  error: unknown
}

/**
 * A dialog's whole form around one required reason (reopening a pay period, sending a week back):
 * its heading, the refusal the form shows, the field checked by `schema` in the browser and by the
 * server, and its actions. The checked reason goes to `write` as `input(reason)`; once it is done,
 * a toast says so (`texts.doneTitle`, `texts.done`) and `onDone` runs.
 */
export function ReasonForm<N extends string, I>({
  id,
  name,
  max,
  schema,
  write,
  input,
  onDone,
  texts,
  variant,
}: {
  id: string
  name: N
  max: number
  schema: Parser<Record<N, string>>
  write: ReasonWrite<I>
  input: (reason: string) => I
  onDone: () => void
  texts: {
    title: string
    intro: string
    failed: string
    label: string
    confirm: string
    busy: string
    doneTitle: string
    done: string
  }
  variant?: ButtonProps['variant']
}) {
  const [reason, setReason] = useState('')
  const errors = useFieldErrors([name], write.error)
  const pending = write.isPending
  const onSubmit = errors.onSubmit(schema, { [name]: reason }, (checked) =>
    write.mutate(input(checked[name]), {
      onSuccess: () => {
        toast({ title: texts.doneTitle, description: texts.done })
        onDone()
      },
    }),
  )
  return (
    <DialogContent>
      <DialogHeading title={texts.title}>{texts.intro}</DialogHeading>
      <DialogForm
        label={texts.title}
        onSubmit={onSubmit}
        error={errors.formError(texts.failed)}
        pending={pending}
        confirm={texts.confirm}
        busy={texts.busy}
        variant={variant}
      >
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
      </DialogForm>
    </DialogContent>
  )
}

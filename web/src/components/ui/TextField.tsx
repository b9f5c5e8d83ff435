import type { ComponentProps, ReactNode } from 'react'
import { FormField, fieldDescription } from './FormField.tsx'
import { Input } from './Input.tsx'

/**
 * A text input in its `FormField`: labelled, described by its hint and its message, and marked
 * invalid while it has a message. `fieldClassName` goes to the FormField, every other prop to the input.
 */
export function TextField({
  id,
  label,
  hint,
  message,
  fieldClassName,
  ...input
}: { id: string; label: ReactNode; hint?: ReactNode; message?: string | null; fieldClassName?: string } & Omit<
  ComponentProps<'input'>,
  'id' | 'aria-invalid' | 'aria-describedby'
>) {
  return (
    <FormField id={id} label={label} hint={hint} message={message} className={fieldClassName}>
      <Input
        id={id}
        aria-invalid={message ? true : undefined}
        aria-describedby={fieldDescription(id, { hint: Boolean(hint), message })}
        {...input}
      />
    </FormField>
  )
}

/**
 * The input props of a day's hours: `min` to 24, typed with the phone's decimal pad, in steps of
 * `step` (any fraction without one).
 */
export const dayHoursInput = (min: number, step?: number) =>
  ({ type: 'number', inputMode: 'decimal', min, max: 24, step: step ?? 'any' }) as const

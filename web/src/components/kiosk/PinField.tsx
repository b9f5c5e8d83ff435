import { useId, useState, type ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'
import { fieldDescription, FormField } from '../ui/FormField.tsx'
import { inputClasses } from '../ui/Input.tsx'

/** A new PIN as its form holds it, and the field's message (typing clears it). */
export function usePinField() {
  const [pin, setPin] = useState('')
  const [error, setError] = useState<string>()
  const onValue = (value: string) => {
    setPin(value)
    setError(undefined)
  }
  return { pin, setPin, error, setError, onValue }
}

/**
 * A new kiosk PIN's field, with its label, hint and message: digits only (a phone shows its
 * number pad), never filled in by the browser.
 */
export function PinField({
  label,
  hint,
  field,
  disabled,
}: {
  label: string
  hint?: ReactNode
  field: ReturnType<typeof usePinField>
  disabled: boolean
}) {
  const id = useId()
  return (
    <FormField id={id} label={label} hint={hint} message={field.error}>
      <input
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={6}
        value={field.pin}
        onChange={(e) => field.onValue(e.target.value.replace(/[^0-9]/g, '').slice(0, 6))}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={fieldDescription(id, { hint: Boolean(hint), message: field.error })}
        disabled={disabled}
        className={cn(inputClasses, 'min-h-11 sm:max-w-xs')}
      />
    </FormField>
  )
}

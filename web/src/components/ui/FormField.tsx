import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'
import { FieldMessage } from './FieldMessage.tsx'
import { Label } from './Label.tsx'

/**
 * A form's field: the label, its control (`children`, whose id is `id`), a hint under it and the
 * field's message. Point the control's aria-describedby at `fieldDescription(id, ...)`.
 */
export function FormField({
  id,
  label,
  hint,
  message,
  className,
  labelClassName,
  children,
}: {
  id: string
  label: ReactNode
  hint?: ReactNode
  message?: string | null
  className?: string
  labelClassName?: string
  children: ReactNode
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {message ? <FieldMessage id={`${id}-error`}>{message}</FieldMessage> : null}
    </div>
  )
}

/**
 * A `FormField` labelled by the `name` text of a form's catalogue group (`text`), with the
 * `${name}Hint` text under it when `hint` is set.
 */
export function NamedField({
  name,
  text,
  hint = false,
  ...field
}: Omit<ComponentProps<typeof FormField>, 'label' | 'hint'> & {
  name: string
  text: (key: string) => string
  hint?: boolean
}) {
  return <FormField {...field} label={text(name)} hint={hint ? text(`${name}Hint`) : undefined} />
}

/** The ids that describe a field's control: its hint when it has one, its message while shown. */
export const fieldDescription = (id: string, { hint = false, message }: { hint?: boolean; message?: string | null }) =>
  [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ') || undefined

/** A checkbox's label with its hint under it (the box stands beside them; its aria-describedby: `${id}-hint`). */
const CheckboxLabel = ({ id, label, hint }: { id: string; label: ReactNode; hint: ReactNode }) => (
  <div className="space-y-0.5">
    <Label htmlFor={id}>{label}</Label>
    <p id={`${id}-hint`} className="text-sm text-slate-600">
      {hint}
    </p>
  </div>
)

/**
 * A checkbox with its label beside it and, when given, a hint under the label (`${id}-hint`, read
 * as the box's description, not as part of its name) and its message (`${id}-error`). A tap
 * anywhere on the 44 x 44 area around the 20 px box toggles it too.
 */
export function CheckboxRow({
  id,
  name,
  checked,
  disabled = false,
  onChange,
  label,
  hint,
  message,
}: {
  id: string
  name?: string
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
  label: ReactNode
  hint?: ReactNode
  message?: string | null
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-3">
        <span
          className="-m-3 flex size-11 shrink-0 cursor-pointer items-center justify-center"
          data-testid={`${id}-target`}
          // The box's own click toggles it once; a tap on the area around it toggles it here.
          onClick={(e) => {
            if (e.target === e.currentTarget && !disabled) onChange(!checked)
          }}
        >
          <input
            id={id}
            name={name}
            type="checkbox"
            checked={checked}
            disabled={disabled}
            aria-describedby={fieldDescription(id, { hint: Boolean(hint), message })}
            aria-invalid={message ? true : undefined}
            onChange={(e) => onChange(e.target.checked)}
            className="size-5 shrink-0 cursor-pointer accent-indigo-600"
          />
        </span>
        {hint ? <CheckboxLabel id={id} label={label} hint={hint} /> : <Label htmlFor={id}>{label}</Label>}
      </div>
      {message ? <FieldMessage id={`${id}-error`}>{message}</FieldMessage> : null}
    </div>
  )
}

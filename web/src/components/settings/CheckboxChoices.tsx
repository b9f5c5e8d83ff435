import { FieldMessage } from '../ui/FieldMessage.tsx'

/**
 * A group of checkboxes, each a code in monospace over what it means: an API token's scopes, a
 * webhook's events. The group's message (nothing chosen) is read with its legend.
 */
export function CheckboxChoices<T extends string>({
  legend,
  options,
  chosen,
  onChange,
  describe,
  disabled,
  message,
  messageId,
}: {
  legend: string
  options: readonly T[]
  chosen: readonly T[]
  onChange: (next: T[]) => void
  describe: (option: T) => string
  disabled?: boolean
  message?: string
  messageId: string
}) {
  const toggle = (option: T, on: boolean) => onChange(on ? [...chosen, option] : chosen.filter((x) => x !== option))
  return (
    <fieldset className="space-y-2" aria-describedby={message ? messageId : undefined}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={chosen.includes(option)}
            onChange={(e) => toggle(option, e.target.checked)}
            disabled={disabled}
            className="mt-0.5 size-5 shrink-0 accent-indigo-600"
          />
          <span>
            <span className="font-mono font-medium text-slate-900">{option}</span>
            <span className="block text-slate-600">{describe(option)}</span>
          </span>
        </label>
      ))}
      {message ? <FieldMessage id={messageId}>{message}</FieldMessage> : null}
    </fieldset>
  )
}

/** A schema's issues as one message per field, each said by `say` (the forms' own texts, not zod's). */
export const issueMessages = (issues: readonly { path: readonly PropertyKey[] }[], say: (field: string) => string) =>
  Object.fromEntries(issues.map((i) => [String(i.path[0]), say(String(i.path[0]))]))

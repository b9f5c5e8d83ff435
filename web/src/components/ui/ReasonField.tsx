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

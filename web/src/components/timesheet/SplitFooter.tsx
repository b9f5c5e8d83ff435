import { Plus } from 'lucide-react'
import { RowButton } from '../ui/Button.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'

/**
 * The end of a split form (a day's split or the week's percents): what its check says,
 * the server's message, then 'Add a line' (while a code is left) and 'Clear'.
 */
export function SplitFooter({
  id,
  problem,
  message,
  disabled,
  addLabel,
  onAdd,
  clearLabel,
  clearAriaLabel,
  onClear,
}: {
  id: string
  /** The form's own check (a split past the day's paid time, percents past 100). */
  problem?: string | null
  /** The server's 400 on the field. */
  message?: string | null
  disabled?: boolean
  addLabel: string
  /** Absent when every active code has a line. */
  onAdd?: () => void
  clearLabel: string
  clearAriaLabel?: string
  onClear: () => void
}) {
  return (
    <>
      {problem ? (
        <FieldMessage id={`${id}-problem`} role="alert">
          {problem}
        </FieldMessage>
      ) : null}
      {message ? (
        <FieldMessage id={`${id}-error`} role="alert">
          {message}
        </FieldMessage>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {onAdd ? (
          <RowButton className="min-h-11" disabled={disabled} onClick={onAdd}>
            <Plus aria-hidden /> {addLabel}
          </RowButton>
        ) : null}
        <RowButton
          variant="ghost"
          className="min-h-11"
          disabled={disabled}
          aria-label={clearAriaLabel}
          onClick={onClear}
        >
          {clearLabel}
        </RowButton>
      </div>
    </>
  )
}

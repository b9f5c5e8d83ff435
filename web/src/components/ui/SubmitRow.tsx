import { cn } from '../../lib/cn.ts'
import { Button } from './Button.tsx'

/** A form's submit button, at the end of its row: held and saying `busyLabel` while `busy`. */
export function SubmitRow({
  busy,
  label,
  busyLabel,
  className,
}: {
  busy: boolean
  label: string
  busyLabel: string
  className?: string
}) {
  return (
    <div className={cn('flex justify-end', className)}>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  )
}

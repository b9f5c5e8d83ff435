import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'
import { inputClasses } from '../ui/Input.tsx'

/** A new kiosk PIN's field: digits only (a phone shows its number pad), never filled in by the browser. */
export const PinInput = ({
  className,
  onValue,
  ...props
}: ComponentProps<'input'> & { onValue: (pin: string) => void }) => (
  <input
    type="password"
    inputMode="numeric"
    autoComplete="new-password"
    maxLength={6}
    onChange={(e) => onValue(e.target.value.replace(/[^0-9]/g, '').slice(0, 6))}
    className={cn(inputClasses, 'min-h-11 sm:max-w-xs', className)}
    {...props}
  />
)

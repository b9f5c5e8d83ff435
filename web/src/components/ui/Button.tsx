import { useState, type ComponentProps } from 'react'
import { Slot } from 'radix-ui'
import { cn } from '../../lib/cn.ts'
import { Spinner } from './Spinner.tsx'

const variants = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 active:bg-indigo-800',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  // Dark text: white on green-600 has a contrast of only 3.2:1 (WCAG AA asks 4.5:1); this is about 6:1.
  success: 'bg-green-600 text-slate-950 shadow-sm hover:bg-green-500',
  link: 'text-indigo-700 underline-offset-4 hover:underline',
} as const

const sizes = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
  icon: 'size-11',
} as const

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants
  size?: keyof typeof sizes
  /** Render the child element (a link) with the button's look instead of a <button>. */
  asChild?: boolean
  /** While true, a spinner and `busyLabel` ('Saving...') stand in for the label, and the button is unavailable. */
  busy?: boolean
  busyLabel?: string
  /**
   * For a label that can be long (a translation, a name in it): it wraps onto more lines and the
   * button grows, instead of running past a phone's edge. Other labels stay on one line.
   */
  wrap?: boolean
}

export const buttonClasses = (
  variant: keyof typeof variants = 'primary',
  size: keyof typeof sizes = 'md',
  wrap = false,
) =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors',
    wrap ? 'py-2 text-center whitespace-normal' : 'whitespace-nowrap',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2',
    'disabled:pointer-events-none disabled:opacity-60 aria-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
  )

/**
 * A button that is `disabled` or `busy` while it has the focus keeps it: it is marked unavailable
 * (aria-disabled, and a press does nothing) instead of disabled, because a browser takes the focus
 * off a button that becomes disabled and leaves it on the page's body, and a keyboard user who
 * pressed Save, or a Reset with nothing left to reset, would lose their place. Once the focus
 * moves on, it is disabled.
 */
export function Button({
  variant,
  size,
  asChild = false,
  busy = false,
  busyLabel,
  wrap,
  className,
  type,
  disabled,
  onClick,
  onFocus,
  onBlur,
  children,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button'
  const [focused, setFocused] = useState(false)
  const unavailable = busy || disabled
  const kept = unavailable && focused
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(buttonClasses(variant, size, wrap), className)}
      disabled={(unavailable && !focused) || undefined}
      aria-disabled={kept || undefined}
      aria-busy={busy || undefined}
      // A kept submit button must not submit its form either (a click or Enter in a field).
      onClick={kept ? (event) => event.preventDefault() : onClick}
      onFocus={(event) => {
        setFocused(true)
        onFocus?.(event)
      }}
      onBlur={(event) => {
        setFocused(false)
        onBlur?.(event)
      }}
      {...props}
    >
      {busy ? (
        <>
          <Spinner /> {busyLabel}
        </>
      ) : (
        children
      )}
    </Component>
  )
}

/** A small button that acts on one item of a list or line of a form (`ListRow`'s actions, a split's): named for it (`aria-label`). */
export function RowButton({ variant = 'outline', ...props }: Omit<ComponentProps<typeof Button>, 'type' | 'size'>) {
  return <Button type="button" size="sm" variant={variant} {...props} />
}

import type { ComponentProps } from 'react'
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
  /** While true, a spinner and `busyLabel` ('Saving...') stand in for the label, and the button is disabled. */
  busy?: boolean
  busyLabel?: string
  /**
   * For a label that can be long (a translation, a name in it): it wraps onto more lines and the
   * button grows, instead of running past a phone's edge. Other labels stay on one line.
   */
  wrap?: boolean
  /**
   * Unavailable for now, like `disabled`, but it keeps the focus (aria-disabled; a press does
   * nothing): a browser takes the focus off a button that becomes disabled and leaves it on the
   * page's body. For a button that turns unavailable as it is pressed (a Reset with nothing left
   * to reset) or while its own save runs.
   */
  held?: boolean
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

export function Button({
  variant,
  size,
  asChild = false,
  busy = false,
  busyLabel,
  wrap,
  held,
  className,
  type,
  disabled,
  onClick,
  children,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button'
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(buttonClasses(variant, size, wrap), className)}
      disabled={busy || disabled}
      aria-disabled={held || undefined}
      // A held submit button must not submit its form either (a click or Enter in a field).
      onClick={held ? (event) => event.preventDefault() : onClick}
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

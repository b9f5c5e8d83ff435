import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

const variants = {
  default: 'bg-indigo-100 text-indigo-800',
  secondary: 'bg-slate-100 text-slate-800',
  success: 'bg-green-100 text-green-800',
  warning: 'bg-amber-100 text-amber-900',
  destructive: 'bg-red-100 text-red-800',
  outline: 'border border-slate-300 text-slate-700',
} as const

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: keyof typeof variants
}

export const Badge = ({ variant = 'default', className, ...props }: BadgeProps) => (
  <span
    className={cn(
      'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
      variants[variant],
      className,
    )}
    {...props}
  />
)

import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

export const inputClasses = cn(
  'block w-full min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm',
  'placeholder:text-slate-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
  'focus-visible:border-indigo-500 disabled:cursor-not-allowed disabled:opacity-60',
  'aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500',
)

export const Input = ({ className, ...props }: ComponentProps<'input'>) => (
  <input className={cn(inputClasses, className)} {...props} />
)

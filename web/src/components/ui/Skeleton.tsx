import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

/** A grey placeholder block; decorative, so pair it with a 'Loading...' status text. */
export const Skeleton = ({ className, ...props }: ComponentProps<'div'>) => (
  <div aria-hidden className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />
)

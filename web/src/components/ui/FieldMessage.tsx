import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

/** A field's validation message; give it an id and point the input's aria-describedby at it. */
export const FieldMessage = ({ className, ...props }: ComponentProps<'p'>) => (
  <p className={cn('text-sm text-red-700', className)} {...props} />
)

import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'
import { inputClasses } from './Input.tsx'

export const Textarea = ({ className, ...props }: ComponentProps<'textarea'>) => (
  <textarea className={cn(inputClasses, 'min-h-20', className)} {...props} />
)

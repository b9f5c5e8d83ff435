import { LoaderCircle } from 'lucide-react'
import { cn } from '../../lib/cn.ts'

export const Spinner = ({ className }: { className?: string }) => (
  <LoaderCircle aria-hidden className={cn('size-4 animate-spin', className)} />
)

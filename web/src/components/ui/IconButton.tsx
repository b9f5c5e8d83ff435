import type { LucideIcon } from 'lucide-react'
import { cn } from '../../lib/cn.ts'
import { Button, type ButtonProps } from './Button.tsx'

const tones = {
  green: 'text-green-700 hover:bg-green-50 hover:text-green-800',
  red: 'text-red-700 hover:bg-red-50 hover:text-red-800',
}

/** A row action shown as an icon alone: `label` is its accessible name, `title` its tooltip. */
export function IconButton({
  icon: Icon,
  label,
  tone,
  className,
  ...props
}: Omit<ButtonProps, 'children' | 'variant' | 'size' | 'aria-label'> & {
  icon: LucideIcon
  label: string
  tone?: keyof typeof tones
}) {
  return (
    <Button variant="ghost" size="icon" className={cn(tone && tones[tone], className)} aria-label={label} {...props}>
      <Icon aria-hidden />
    </Button>
  )
}

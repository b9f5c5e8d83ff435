import { Avatar as AvatarPrimitive } from 'radix-ui'
import { cn } from '../../lib/cn.ts'

export interface AvatarProps {
  src?: string | null
  /** Shown while the image loads, when it fails, or when there is none. */
  fallback: string
  /** Accessible name of the image; empty when a name is shown beside it. */
  alt?: string
  className?: string
}

export const Avatar = ({ src, fallback, alt = '', className }: AvatarProps) => (
  <AvatarPrimitive.Root
    className={cn('relative inline-flex size-9 shrink-0 overflow-hidden rounded-full bg-indigo-100', className)}
  >
    {src ? <AvatarPrimitive.Image src={src} alt={alt} className="size-full object-cover" /> : null}
    <AvatarPrimitive.Fallback
      className="flex size-full items-center justify-center text-sm font-semibold text-indigo-800"
      aria-hidden={alt === '' ? true : undefined}
    >
      {fallback}
    </AvatarPrimitive.Fallback>
  </AvatarPrimitive.Root>
)

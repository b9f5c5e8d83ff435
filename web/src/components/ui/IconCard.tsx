import type { ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from './Card.tsx'

/** A card whose title leads with an icon: the sections of the guide, profile, reports and checkout pages. */
export function IconCard({
  icon: Icon,
  title,
  className,
  contentClassName,
  children,
}: {
  icon: LucideIcon
  title: ReactNode
  className?: string
  contentClassName?: string
  children: ReactNode
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-indigo-600" aria-hidden /> {title}
        </CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  )
}

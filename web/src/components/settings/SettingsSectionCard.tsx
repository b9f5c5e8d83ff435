import type { ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'

/**
 * A section of Settings: a card that is a region named by its title (with the section's icon when
 * it has one), the section's description, then its content. `id` is the anchor Settings' menu links to.
 */
export function SettingsSectionCard({
  id,
  titleId,
  icon: Icon,
  title,
  description,
  contentClassName,
  children,
}: {
  id: string
  titleId: string
  icon?: LucideIcon
  title: ReactNode
  description: ReactNode
  contentClassName?: string
  children: ReactNode
}) {
  return (
    <Card id={id} role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className={Icon ? 'flex items-center gap-2' : undefined}>
          {Icon ? <Icon aria-hidden className="size-5" /> : null}
          {Icon ? ' ' : null}
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  )
}

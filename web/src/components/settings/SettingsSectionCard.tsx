import type { ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'

/**
 * A section of Settings: a card that is a region named by its title (with the section's icon when
 * it has one), the section's description, then its content. `id` is the anchor Settings' menu links to.
 * `texts` names the supervisor catalogue group whose `title` and `description` it says, unless
 * `title` or `description` is given.
 */
export function SettingsSectionCard({
  id,
  titleId,
  icon: Icon,
  texts,
  title,
  description,
  contentClassName,
  children,
}: {
  id: string
  titleId: string
  icon?: LucideIcon
  texts?: string
  title?: ReactNode
  description?: ReactNode
  contentClassName?: string
  children: ReactNode
}) {
  const { t } = useTranslation('supervisor')
  return (
    <Card id={id} role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className={Icon ? 'flex items-center gap-2' : undefined}>
          {Icon ? <Icon aria-hidden className="size-5" /> : null}
          {Icon ? ' ' : null}
          {title ?? t(`${texts}.title`)}
        </CardTitle>
        <CardDescription>{description ?? t(`${texts}.description`)}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  )
}

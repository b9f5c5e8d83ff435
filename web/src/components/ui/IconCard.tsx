import type { ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { cn } from '../../lib/cn.ts'
import { Card, CardDescription, CardHeader, CardTitle, TitledCard } from './Card.tsx'

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
    <TitledCard
      className={className}
      titleClassName="flex items-center gap-2"
      title={
        <>
          <Icon className="size-5 text-indigo-600" aria-hidden /> {title}
        </>
      }
      contentClassName={contentClassName}
    >
      {children}
    </TitledCard>
  )
}

/** A card that presents one thing under a large icon: the features of the landing, guide and demo pages. */
export function FeatureCard({
  icon: Icon,
  title,
  text,
  className,
  iconClassName = 'size-8',
  titleClassName,
  children,
}: {
  icon: LucideIcon
  title: ReactNode
  text: ReactNode
  className?: string
  iconClassName?: string
  titleClassName?: string
  /** Below the text (an action). */
  children?: ReactNode
}) {
  return (
    <Card className={cn('h-full', className)}>
      <CardHeader>
        <Icon className={cn('text-indigo-600', iconClassName)} aria-hidden />
        <CardTitle className={cn('mt-2', titleClassName)}>{title}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      {children}
    </Card>
  )
}

type FeaturePart = 'title' | 'text'
const TITLE: FeaturePart = 'title'
const TEXT: FeaturePart = 'text'

/** Feature cards in a grid (a list, one card an item); each item's texts are found by its key. */
export function FeatureGrid<K extends string>({
  items,
  text,
  className,
  iconClassName,
  titleClassName,
}: {
  items: readonly { icon: LucideIcon; key: K }[]
  /** An item's title or text, found by its key (both sit under the key in the catalogues). */
  text: (key: K, part: FeaturePart) => string
  /** The grid's columns. */
  className?: string
  iconClassName?: string
  titleClassName?: string
}) {
  return (
    <ul className={cn('grid gap-4', className)}>
      {items.map(({ icon, key }) => (
        <li key={key}>
          <FeatureCard
            icon={icon}
            title={text(key, TITLE)}
            text={text(key, TEXT)}
            iconClassName={iconClassName}
            titleClassName={titleClassName}
          />
        </li>
      ))}
    </ul>
  )
}

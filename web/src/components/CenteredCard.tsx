import type { ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { cn } from '../lib/cn.ts'
import { DocumentTitle } from './DocumentTitle.tsx'
import { Card, CardContent, CardDescription, CardHeader } from './ui/Card.tsx'

/**
 * A page that is one card in the middle: an icon, the page's heading (also the tab's title unless
 * `documentTitle` says otherwise), a line about it, and its content.
 */
export function CenteredCard({
  icon: Icon,
  title,
  documentTitle = title,
  description,
  className,
  frameClassName,
  iconClassName,
  headingClassName,
  contentClassName = 'space-y-4 text-center',
  children,
}: {
  icon: LucideIcon
  title: string
  documentTitle?: string
  description?: ReactNode
  /** The card's width (max-w-md unless given). */
  className?: string
  frameClassName?: string
  iconClassName?: string
  headingClassName?: string
  contentClassName?: string
  children: ReactNode
}) {
  return (
    <div className={cn('flex justify-center px-4 py-12', frameClassName)}>
      <DocumentTitle title={documentTitle} />
      <Card className={cn('w-full max-w-md', className)}>
        <CardHeader className="items-center text-center">
          <Icon className={cn('size-10 text-indigo-600', iconClassName)} aria-hidden />
          <h1 className={cn('text-2xl font-semibold text-slate-900', headingClassName)}>{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </div>
  )
}

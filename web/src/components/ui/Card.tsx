import type { ReactNode } from 'react'
import { styledPart } from './styled-part.ts'

export const Card = styledPart('div', 'rounded-lg border border-slate-200 bg-white text-slate-900 shadow-sm')
export const CardHeader = styledPart('div', 'flex flex-col gap-1.5 p-4 sm:p-6')
export const CardTitle = styledPart('h2', 'text-lg leading-tight font-semibold')
export const CardDescription = styledPart('p', 'text-sm text-slate-600')
export const CardContent = styledPart('div', 'p-4 pt-0 sm:p-6 sm:pt-0')
export const CardFooter = styledPart('div', 'flex items-center gap-2 p-4 pt-0 sm:p-6 sm:pt-0')

/** A card with a title over its content. */
export function TitledCard({
  title,
  className,
  titleClassName,
  contentClassName,
  children,
}: {
  title: ReactNode
  className?: string
  titleClassName?: string
  contentClassName?: string
  children: ReactNode
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className={titleClassName}>{title}</CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  )
}

/**
 * A card that is a region named by its title: the title and what stands beside it (`aside`) on one
 * line, the rest of the header (`below`), then the card's content.
 */
export function RegionCard({
  titleId,
  title,
  aside,
  below,
  headerClassName,
  lineClassName = 'flex flex-wrap items-center justify-between gap-2',
  titleClassName,
  children,
}: {
  titleId: string
  title: ReactNode
  aside?: ReactNode
  below?: ReactNode
  headerClassName?: string
  lineClassName?: string
  titleClassName?: string
  children: ReactNode
}) {
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className={headerClassName}>
        <div className={lineClassName}>
          <CardTitle id={titleId} className={titleClassName}>
            {title}
          </CardTitle>
          {aside}
        </div>
        {below}
      </CardHeader>
      {children}
    </Card>
  )
}

import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

export const Card = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('rounded-lg border border-slate-200 bg-white text-slate-900 shadow-sm', className)} {...props} />
)

export const CardHeader = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('flex flex-col gap-1.5 p-4 sm:p-6', className)} {...props} />
)

export const CardTitle = ({ className, ...props }: ComponentProps<'h2'>) => (
  <h2 className={cn('text-lg leading-tight font-semibold', className)} {...props} />
)

export const CardDescription = ({ className, ...props }: ComponentProps<'p'>) => (
  <p className={cn('text-sm text-slate-600', className)} {...props} />
)

export const CardContent = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('p-4 pt-0 sm:p-6 sm:pt-0', className)} {...props} />
)

export const CardFooter = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('flex items-center gap-2 p-4 pt-0 sm:p-6 sm:pt-0', className)} {...props} />
)

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

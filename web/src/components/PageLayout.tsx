import type { ReactNode } from 'react'
import { cn } from '../lib/cn.ts'
import { DocumentTitle } from './DocumentTitle.tsx'

const looks = {
  /** A signed-in page: heading and actions side by side from sm up. */
  app: {
    frame: 'mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8',
    header: 'flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between',
    titleBox: 'space-y-1',
    heading: 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl',
    intro: 'text-sm text-slate-600',
  },
  /** A public page that explains (the guides): a larger heading over its introduction. */
  guide: {
    frame: 'mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12',
    header: undefined,
    titleBox: undefined,
    heading: 'text-3xl font-bold tracking-tight text-slate-900',
    intro: 'mt-2 text-slate-600',
  },
  /** A guide with cards side by side (the staff guide, the developers' page): wider, more space between them. */
  wideGuide: {
    frame: 'mx-auto max-w-4xl space-y-8 px-4 py-8 sm:py-12',
    header: undefined,
    titleBox: undefined,
    heading: 'text-3xl font-bold tracking-tight text-slate-900',
    intro: 'mt-2 text-slate-600',
  },
} as const

/**
 * A page: its heading (also the tab's title) with a line under it or a badge beside it, what the
 * page offers next to the heading (`actions`), then its content.
 */
export function PageLayout({
  title,
  intro,
  titleAside,
  actions,
  look = 'app',
  className,
  headerClassName,
  children,
}: {
  title: string
  intro?: ReactNode
  /** Shown on the heading's line (the dashboard's role badge). */
  titleAside?: ReactNode
  actions?: ReactNode
  look?: keyof typeof looks
  /** The page's width and spacing, over the look's. */
  className?: string
  /** The header's layout, in place of the look's. */
  headerClassName?: string
  children: ReactNode
}) {
  const { frame, header, titleBox, heading, intro: introClasses } = looks[look]
  // A <header> when something stands beside the heading; a heading alone is only a heading.
  const Header = actions != null || titleAside != null ? 'header' : 'div'
  return (
    <div className={cn(frame, className)}>
      <DocumentTitle title={title} />
      <Header className={headerClassName ?? header}>
        <div className={titleAside ? 'flex flex-wrap items-center gap-3' : titleBox}>
          <h1 className={heading}>{title}</h1>
          {titleAside}
          {intro ? <p className={introClasses}>{intro}</p> : null}
        </div>
        {actions}
      </Header>
      {children}
    </div>
  )
}

import type { ReactNode } from 'react'

/** How a section's heading looks at each level, unless the section says otherwise. */
const headings = {
  h2: 'text-xl font-semibold text-slate-900',
  h3: 'font-semibold text-slate-900',
} as const

/** A section named by its heading, so that screen readers list it by that name. */
export function Section({
  id,
  title,
  level = 'h2',
  className,
  titleClassName,
  children,
}: {
  /** The heading's id. */
  id: string
  title: ReactNode
  level?: keyof typeof headings
  className?: string
  /** In place of the level's look. */
  titleClassName?: string
  children: ReactNode
}) {
  const Heading = level
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={titleClassName ?? headings[level]}>
        {title}
      </Heading>
      {children}
    </section>
  )
}

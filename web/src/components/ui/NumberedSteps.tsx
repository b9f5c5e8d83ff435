import type { ComponentProps, ReactNode } from 'react'

/**
 * An ordered list whose items lead with their number in a round badge: the next steps after payment
 * and the staff guide's getting started. Each page draws its own heading and text for a step.
 */
export function NumberedSteps<T extends { key: string }>({
  steps,
  itemClassName,
  badgeClassName,
  children,
  ...props
}: Omit<ComponentProps<'ol'>, 'children'> & {
  steps: readonly T[]
  itemClassName: string
  badgeClassName: string
  children: (step: T, number: number) => ReactNode
}) {
  return (
    <ol {...props}>
      {steps.map((step, i) => (
        <li key={step.key} className={itemClassName}>
          <span className={badgeClassName} aria-hidden>
            {i + 1}
          </span>
          <div>{children(step, i + 1)}</div>
        </li>
      ))}
    </ol>
  )
}

import { createElement, type ComponentProps, type ElementType } from 'react'
import { cn } from '../../lib/cn.ts'

/**
 * A component that is `component` (an element's tag or a Radix part) with `classes` of its own,
 * then the caller's `className`.
 */
export const styledPart =
  <C extends ElementType>(component: C, classes: string) =>
  ({ className, ...props }: ComponentProps<C> & { className?: string }) =>
    createElement(component, { ...props, className: cn(classes, className) })

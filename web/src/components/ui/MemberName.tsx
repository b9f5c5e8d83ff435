import { cn } from '../../lib/cn.ts'

/**
 * A person's name where room is short (a table cell, a card at 375 px): it wraps at its spaces,
 * never inside a word ('Margar/et'); a single word wider than the room ends in an ellipsis. The
 * whole name stays in the text (screen readers read it whole: the clipping is only drawn) and in
 * the title, for a pointer. One text node, so the name is found and read as one.
 */
export function MemberName({ name, className }: { name: string; className?: string }) {
  return (
    <span title={name} className={cn('block max-w-full min-w-0 overflow-hidden text-ellipsis break-normal', className)}>
      {name}
    </span>
  )
}

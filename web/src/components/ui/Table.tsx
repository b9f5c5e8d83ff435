import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

/** A column heading: its name, or its name and the classes it has instead of the table's usual ones. */
export type Column = string | { label: string; className: string }

/** A header row of `scope="col"` cells, one per column. */
export function TableHead({
  columns,
  className,
  rowClassName,
  cellClassName,
}: {
  columns: readonly Column[]
  className?: string
  rowClassName?: string
  cellClassName: string
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column) => {
          const { label, className: cell } =
            typeof column === 'string' ? { label: column, className: cellClassName } : column
          return (
            <th key={label} scope="col" className={cell}>
              {label}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}

/**
 * A table on wide screens whose rows stack into cards on a phone, where the header row is hidden
 * and each StackedCell shows its column's name beside the value.
 */

export function StackedTable({ columns, children }: { columns: readonly Column[]; children: ReactNode }) {
  return (
    <table className="block w-full text-sm md:table">
      <TableHead
        columns={columns}
        className="sr-only md:not-sr-only md:table-header-group"
        rowClassName="border-b border-slate-200 text-left text-slate-600"
        cellClassName="py-2 pr-4 font-medium"
      />
      <tbody className="block space-y-3 md:table-row-group md:space-y-0">{children}</tbody>
    </table>
  )
}

export const StackedRow = ({ className, ...props }: ComponentProps<'tr'>) => (
  <tr
    className={cn(
      'block rounded-lg border border-slate-200 p-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0',
      className,
    )}
    {...props}
  />
)

/** A cell that, on a phone, shows its column's name beside the value. */
export function StackedCell({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <td className={cn('flex items-center justify-between gap-3 py-1 md:table-cell md:py-3 md:pr-4', className)}>
      <span aria-hidden className="shrink-0 text-xs font-medium text-slate-500 md:hidden">
        {label}
      </span>
      {children}
    </td>
  )
}

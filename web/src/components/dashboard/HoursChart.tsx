import { useId } from 'react'
import { formatHoursNumber } from '@app/core'
import type { HoursRow } from './report-summary.ts'

/**
 * Hours as horizontal bars a person reads at a glance, each bar scaled to the largest row, with
 * the same numbers in a table beneath for screen readers and for copying (the bars are hidden
 * from assistive technology, so nothing is read twice). No chart library: a few divs do it.
 */
export function HoursChart({
  title,
  rowHeader,
  rows,
}: {
  title: string
  rowHeader: string
  rows: readonly HoursRow[]
}) {
  const titleId = useId()
  const max = Math.max(...rows.map((r) => r.hours), 0)
  return (
    <figure aria-labelledby={titleId} className="space-y-3">
      <figcaption id={titleId} className="font-semibold text-slate-900">
        {title}
      </figcaption>
      <ul className="space-y-2" aria-hidden>
        {rows.map((r) => (
          <li key={r.key} className="grid grid-cols-[minmax(0,10rem)_1fr_auto] items-center gap-2 text-sm">
            <span className="truncate text-slate-700">{r.label}</span>
            <span className="h-3 overflow-hidden rounded-full bg-slate-100">
              <span
                className="block h-full rounded-full bg-indigo-600"
                style={{ width: `${max === 0 ? 0 : (r.hours / max) * 100}%` }}
              />
            </span>
            <span className="text-right text-slate-600 tabular-nums">{formatHoursNumber(r.hours)}</span>
          </li>
        ))}
      </ul>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 font-medium">
              {rowHeader}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Hours
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-slate-100">
              <th scope="row" className="py-1 font-normal text-slate-800">
                {r.label}
              </th>
              <td className="py-1 text-right tabular-nums">{formatHoursNumber(r.hours)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}

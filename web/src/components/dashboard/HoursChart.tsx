import { lazy, Suspense, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatHoursValue } from '../../lib/format.ts'
import { chartHeight } from './chart-size.ts'
import type { HoursRow } from './report-summary.ts'

/** Recharts is loaded only when the Reports page draws hours (its own chunk, not the page's). */
const HoursBars = lazy(() => import('./HoursBars.tsx'))

/**
 * Hours as horizontal bars a person reads at a glance, with the same numbers in a table beneath
 * for screen readers and for copying. The table shows at once; the bars arrive with their chunk
 * into a box of their final height, so nothing below moves. The bars are hidden from assistive
 * technology, so nothing is read twice.
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
  const { t } = useTranslation('supervisor')
  const titleId = useId()
  return (
    <figure aria-labelledby={titleId} className="space-y-3">
      <figcaption id={titleId} className="font-semibold text-slate-900">
        {title}
      </figcaption>
      <div aria-hidden data-testid="hours-bars" style={{ height: chartHeight(rows.length) }}>
        <Suspense fallback={null}>
          <HoursBars rows={rows} />
        </Suspense>
      </div>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 font-medium">
              {rowHeader}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('reports.hours')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-slate-100">
              <th scope="row" className="py-1 font-normal text-slate-800">
                {r.label}
              </th>
              <td className="py-1 text-right tabular-nums">{formatHoursValue(r.hours)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}

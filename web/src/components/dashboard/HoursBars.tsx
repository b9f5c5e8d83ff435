import { Bar, BarChart, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts'
import { formatHoursNumber } from '@app/core'
import { chartHeight } from './chart-size.ts'
import type { HoursRow } from './report-summary.ts'

/** Recharts' word for bars that run across, categories down the side. */
const VERTICAL = 'vertical'
/** Indigo-600 bars and slate texts, as the rest of the page. */
const BAR = { dataKey: 'hours', fill: '#4f46e5', barSize: 14, isAnimationActive: false } as const
const ROUNDED_END: [number, number, number, number] = [0, 4, 4, 0]
const CATEGORY_AXIS = {
  type: 'category',
  dataKey: 'label',
  width: 150,
  tickLine: false,
  axisLine: false,
  tick: { fill: '#334155', fontSize: 13 },
} as const
const VALUE_AXIS = { type: 'number', dataKey: 'hours', hide: true, domain: [0, 'dataMax'] } as const
/** Each bar's hours at its end; the right margin leaves them room. */
const END_LABEL = { dataKey: 'hours', position: 'right', style: { fill: '#475569', fontSize: 13 } } as const
const MARGIN = { top: 4, right: 48, bottom: 4, left: 0 }

/**
 * The bars of HoursChart, drawn by Recharts: one horizontal bar per row, scaled to the largest,
 * its hours written at its end. Its own module so the Reports page loads Recharts only when it
 * draws a chart (React.lazy in HoursChart); the figure's table carries the same numbers. No
 * accessibility layer: the bars are hidden from assistive technology, the table is read instead.
 */
export default function HoursBars({ rows }: { rows: readonly HoursRow[] }) {
  const height = chartHeight(rows.length)
  // The container follows the figure's width (ResizeObserver); it starts at a typical card's width.
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 480, height }}>
      <BarChart layout={VERTICAL} data={[...rows]} margin={MARGIN} accessibilityLayer={false}>
        <XAxis {...VALUE_AXIS} />
        <YAxis {...CATEGORY_AXIS} />
        <Bar {...BAR} radius={ROUNDED_END}>
          <LabelList {...END_LABEL} formatter={(value) => formatHoursNumber(Number(value))} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  )
}

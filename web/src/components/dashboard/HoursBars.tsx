import { Bar, BarChart, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts'
import { formatHoursValue } from '../../lib/format.ts'
import { chartHeight } from './chart-size.ts'
import type { HoursRow } from './report-summary.ts'

/**
 * The bars of HoursChart, drawn by Recharts: one horizontal bar per row, scaled to the largest,
 * its hours written at its end. Its own module so the Reports page loads Recharts only when it
 * draws a chart (React.lazy in HoursChart); the figure's table carries the same numbers. No
 * accessibility layer: the bars are hidden from assistive technology, the table is read instead.
 */
export default function HoursBars({ rows }: { rows: readonly HoursRow[] }) {
  const height = chartHeight(rows.length)
  // The container follows the figure's width (ResizeObserver); it starts at a typical card's width.
  // Recharts' "vertical" layout: bars run across, categories down the side. Indigo-600 bars and
  // slate texts, as the rest of the page; the right margin leaves room for each bar's hours at its end.
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 480, height }}>
      <BarChart
        layout="vertical"
        data={[...rows]}
        margin={{ top: 4, right: 48, bottom: 4, left: 0 }}
        accessibilityLayer={false}
      >
        <XAxis type="number" dataKey="hours" hide domain={[0, 'dataMax']} />
        <YAxis
          type="category"
          dataKey="label"
          width={150}
          tickLine={false}
          axisLine={false}
          tick={{ fill: '#334155', fontSize: 13 }}
        />
        <Bar dataKey="hours" fill="#4f46e5" barSize={14} isAnimationActive={false} radius={[0, 4, 4, 0]}>
          <LabelList
            dataKey="hours"
            position="right"
            style={{ fill: '#475569', fontSize: 13 }}
            formatter={(value) => formatHoursValue(Number(value))}
          />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  )
}

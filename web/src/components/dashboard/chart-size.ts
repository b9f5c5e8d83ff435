/** Each bar's band, in pixels: a chart's height follows its rows, so the page reserves it before Recharts loads. */
const ROW_HEIGHT = 32
const PADDING = 8

export const chartHeight = (rows: number) => Math.max(1, rows) * ROW_HEIGHT + PADDING

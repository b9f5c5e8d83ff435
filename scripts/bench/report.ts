/** The benchmark's tables, printed to the terminal and written as Markdown (docs/bench-results.md). */

export interface Table {
  title: string
  head: string[]
  /** Right-align these columns (numbers). */
  numeric?: number[]
  rows: string[][]
  notes?: string[]
}

const pad = (s: string, width: number, right: boolean) => (right ? s.padStart(width) : s.padEnd(width))

export const markdownTable = (t: Table) => {
  const numeric = new Set(t.numeric ?? [])
  const widths = t.head.map((h, i) => Math.max(h.length, ...t.rows.map((r) => (r[i] ?? '').length), 3))
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i]!, numeric.has(i))).join(' | ')} |`
  const rule = `| ${widths.map((w, i) => (numeric.has(i) ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`
  return [
    `### ${t.title}`,
    '',
    line(t.head),
    rule,
    ...t.rows.map(line),
    ...(t.notes?.length ? ['', ...t.notes.map((n) => `- ${n}`)] : []),
  ].join('\n')
}

export const markdownReport = (heading: string, intro: string[], tables: Table[]) =>
  [`## ${heading}`, '', ...intro, '', ...tables.flatMap((t) => [markdownTable(t), ''])].join('\n')

export const verdict = (pass: boolean) => (pass ? 'pass' : 'miss')

/**
 * The fixed figure names the table always prints (every route of the manifest is printed too);
 * bench.test.ts checks that a quick run printed each one.
 */
export const FIGURES = {
  baseline: 'GetItem (raw SDK)',
  /** The lightest request through the same local API: no session, no table. */
  apiFloor: 'local API floor (401, no cookie)',
  api: {
    currentWeek: 'current-week (staff)',
    list: 'timesheet list, first page',
    stats: 'dashboard stats',
    reports: 'reports, one month',
    approve: 'approve (distinct pending)',
  },
  scale: {
    currentWeek: 'at scale: current-week (staff)',
    list: 'at scale: timesheet list, first page',
    stats: 'at scale: dashboard stats',
    reports: 'at scale: reports, one month',
    approve: 'at scale: approve (distinct pending)',
  },
  bulk: 'bulk payroll CSV',
  payroll: {
    summary: 'payroll summary, biweekly',
    csv: 'payroll export csv',
    gusto: 'payroll export gusto',
    iif: 'payroll export quickbooks-iif',
    adp: 'payroll export adp',
    close: 'close pay period',
  },
  export: 'export of all data',
  web: {
    landing: 'initial JS /',
    pricing: 'initial JS /pricing',
    staffLogin: 'initial JS /staff-login',
    dashboard: 'initial JS dashboard',
  },
  lighthouse: {
    landing: 'Lighthouse /',
    pricing: 'Lighthouse /pricing',
    staffLogin: 'Lighthouse /staff-login',
    dashboard: 'Lighthouse dashboard',
    staffDashboard: 'Lighthouse staff dashboard',
  },
  firstScreen: {
    supervisor: 'first screen, supervisor dashboard',
    staff: 'first screen, staff dashboard',
    warmOnline: 'staff app warm start, online',
    warmOffline: 'staff app warm start, offline',
  },
} as const

export const figureNames = (): string[] => [
  FIGURES.baseline,
  FIGURES.apiFloor,
  ...Object.values(FIGURES.api),
  ...Object.values(FIGURES.scale),
  FIGURES.bulk,
  ...Object.values(FIGURES.payroll),
  FIGURES.export,
  ...Object.values(FIGURES.web),
  ...Object.values(FIGURES.lighthouse),
  ...Object.values(FIGURES.firstScreen),
]

import { useRef, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { FileDown, Printer, type LucideIcon } from 'lucide-react'
import { errorMessage } from '../../api/client.ts'
import { downloadText } from '../dashboard/download.ts'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { Section } from '../ui/Section.tsx'
import { StackedCell } from '../ui/Table.tsx'

export interface ReportSectionProps<T> {
  /** The title's id: the section is a region named by its title. */
  id: string
  icon: LucideIcon
  title: string
  description: ReactNode
  /**
   * The report as a CSV file, once read: the section then offers Print (this section alone) and
   * Export CSV beside its title.
   */
  csv?: (data: T) => { text: string; fileName: string }
  /** Export CSV's accessible name, where the button's words alone would not say which report. */
  exportLabel?: string
  query: UseQueryResult<T>
  /**
   * The supervisor catalogue group of the report's state texts: `loading`, `loadError` (shown when
   * the server's answer has no message of its own) and `empty`.
   */
  texts: string
  isEmpty: (data: T) => boolean
  children: (data: T) => ReactNode
}

/**
 * Prints this section alone: the print stylesheet (index.css) shows only the element marked
 * `data-printing` while the browser prints, so the page's header and other reports stay out.
 */
export function printOnly(element: HTMLElement) {
  element.setAttribute('data-printing', '')
  const done = () => element.removeAttribute('data-printing')
  window.addEventListener('afterprint', done, { once: true })
  window.print()
}

/** Print and Export CSV, usable once the report is read. */
function ReportActions<T>({
  data,
  section,
  csv,
  exportLabel,
}: {
  data: T | undefined
  section: { current: HTMLDivElement | null }
  csv: (data: T) => { text: string; fileName: string }
  exportLabel?: string
}) {
  const { t } = useTranslation('supervisor')
  const download = () => {
    if (data === undefined) return
    const file = csv(data)
    downloadText(file.text, file.fileName)
  }
  return (
    <>
      <Button
        variant="outline"
        disabled={data === undefined}
        onClick={() => section.current && printOnly(section.current)}
      >
        <Printer aria-hidden /> {t('reports.print')}
      </Button>
      <Button variant="outline" disabled={data === undefined} aria-label={exportLabel} onClick={download}>
        <FileDown aria-hidden /> {t('exportCsv')}
      </Button>
    </>
  )
}

/**
 * One of the Reports page's extra reports (payroll hours, volunteer hours): a titled region that
 * shows its query's loading, error and empty states, and the report once it has data.
 */
export function ReportSection<T>({
  id,
  icon: Icon,
  title,
  description,
  csv,
  exportLabel,
  query,
  texts,
  isEmpty,
  children,
}: ReportSectionProps<T>) {
  const { t } = useTranslation('supervisor')
  const section = useRef<HTMLDivElement>(null)
  const actions = csv ? <ReportActions data={query.data} section={section} csv={csv} exportLabel={exportLabel} /> : null
  return (
    <Card ref={section} role="region" aria-labelledby={id}>
      <CardHeader className={actions ? 'gap-3 sm:flex-row sm:items-start sm:justify-between' : undefined}>
        <div className="space-y-1.5">
          <CardTitle id={id} className="flex items-center gap-2">
            <Icon className="size-5 text-indigo-600 print:hidden" aria-hidden /> {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {actions ? <div className="flex gap-2 print:hidden">{actions}</div> : null}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingState label={t(`${texts}.loading`)} />
        ) : query.isError ? (
          <ErrorState
            message={errorMessage(query.error, t(`${texts}.loadError`))}
            onRetry={() => void query.refetch()}
          />
        ) : isEmpty(query.data) ? (
          <EmptyState title={t(`${texts}.empty`)} />
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  )
}

/** A figure in a report's table, its digits aligned. */
export const NumberCell = ({ label, children }: { label: string; children: ReactNode }) => (
  <StackedCell label={label} className="tabular-nums">
    {children}
  </StackedCell>
)

/** A table of a report, under its own heading. */
export const ReportPart = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Section id={id} title={title} level="h3" className="space-y-2">
    {children}
  </Section>
)

/** A report's column labels `names`, from the `columns` of its catalogue group `texts`. */
export function useColumnLabels<Name extends string>(texts: string, names: readonly Name[]) {
  const { t } = useTranslation('supervisor')
  return Object.fromEntries(names.map((name: string) => [name, t(`${texts}.columns.${name}`)])) as Record<Name, string>
}

import { useState, type MouseEvent } from 'react'
import { FileDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PayPeriod, ExportFormat } from '@app/core'
import { useCampusParam } from '../../api/campuses.ts'
import { errorMessage } from '../../api/client.ts'
import {
  checkPayrollExport,
  EXPORT_FORMATS,
  exportFormatLabel,
  payrollExportUrl,
  peopleOfError,
} from '../../api/payroll.ts'
import { browser } from '../../lib/browser.ts'
import { handleUnauthorized } from '../../lib/unauthorized.ts'
import { buttonClasses } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { PeopleAlert } from './PeopleAlert.tsx'
import { periodTitle } from './period-title.ts'

/**
 * The files payroll imports, for one period. Each is a link to the export; a click first asks
 * without following the redirect, so a refusal (members without the payroll id the format needs)
 * is shown here, and only a file the server made is downloaded.
 */
export function PeriodExports({ period }: { period: Pick<PayPeriod, 'start' | 'end'> }) {
  const { t } = useTranslation('supervisor')
  const [busy, setBusy] = useState<ExportFormat | null>(null)
  const [failure, setFailure] = useState<{ format: ExportFormat; error: unknown } | null>(null)
  // The Payroll page's campus filter: that campus's files (named with the campus).
  const campusId = useCampusParam()

  const onExport = async (event: MouseEvent<HTMLAnchorElement>, format: ExportFormat) => {
    event.preventDefault()
    if (busy) return
    const url = payrollExportUrl(format, period.start, period.end, campusId)
    setBusy(format)
    setFailure(null)
    try {
      await checkPayrollExport(url)
      // The file is an attachment: the page stays where it is while it downloads.
      browser.navigate(url)
    } catch (error) {
      if (!handleUnauthorized(error)) setFailure({ format, error })
    } finally {
      setBusy(null)
    }
  }

  return (
    // Named with its period: the Payroll page lists one export section per period.
    <section
      aria-label={t('payroll.exports.named', { title: periodTitle(period) })}
      className="space-y-2 border-t border-slate-100 pt-4"
    >
      <h3 className="text-sm font-semibold text-slate-800">{t('payroll.exports.title')}</h3>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {EXPORT_FORMATS.map((format) => (
          <a
            key={format}
            href={payrollExportUrl(format, period.start, period.end, campusId)}
            onClick={(event) => void onExport(event, format)}
            aria-disabled={busy !== null ? true : undefined}
            className={buttonClasses('outline', 'md')}
          >
            {busy === format ? <Spinner /> : <FileDown aria-hidden />}
            {exportFormatLabel[format]}
          </a>
        ))}
      </div>
      {failure ? (
        <PeopleAlert
          message={t('payroll.exports.failed', {
            format: exportFormatLabel[failure.format],
            message: errorMessage(failure.error, t('payroll.exports.failedFallback')),
          })}
          people={peopleOfError(failure.error)}
        />
      ) : null}
    </section>
  )
}

import { useState } from 'react'
import { Database } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { runningExportOf, useCloseOrganization, useExportStatus, useStartExport } from '../../api/exports.ts'
import { errorMessage } from '../../api/client.ts'
import { useOrganizationSettings } from '../../api/organization.ts'
import { fieldDescription, FormField } from '../ui/FormField.tsx'
import { Input } from '../ui/Input.tsx'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { SettingsSectionCard } from './SettingsSectionCard.tsx'

/** The catalogue group of this section's texts. */
const TEXTS = 'data'

/** One export's progress, then its 15-minute download link (read again each time it is shown). */
function ExportProgress({ id }: { id: string }) {
  const { t } = useTranslation('supervisor')
  const status = useExportStatus(id)
  if (status.error) return <p className="text-sm text-red-700">{errorMessage(status.error, t('data.failed'))}</p>
  const job = status.data
  if (!job || job.status === 'running') {
    const progress = job?.progress ?? 0
    return (
      <div className="space-y-1">
        <p className="text-sm text-slate-700">{t('data.running')}</p>
        <progress className="w-full" max={100} value={progress} aria-label={t('data.progress', { progress })}>
          {t('data.progress', { progress })}
        </progress>
      </div>
    )
  }
  if (job.status === 'failed') return <p className="text-sm text-red-700">{t('data.failed')}</p>
  return (
    <p className="text-sm text-slate-700">
      {t('data.ready')}{' '}
      <a href={job.url ?? undefined} className="font-medium text-indigo-700 underline-offset-4 hover:underline">
        {t('data.download')}
      </a>
    </p>
  )
}

/**
 * Close this organization: typed with its exact name, which the server checks again.
 * Once closed the whole app turns into the closed screen (the user's read says so).
 */
function CloseOrganization() {
  const { t } = useTranslation('supervisor')
  const name = useOrganizationSettings().data?.organizationName
  const close = useCloseOrganization()
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const matches = name !== undefined && typed === name
  return (
    <form
      className="space-y-3 border-t border-slate-200 pt-4"
      aria-labelledby="close-organization-title"
      onSubmit={(e) => {
        e.preventDefault()
        if (!matches) return setProblem(t('data.close.mismatch'))
        setProblem(null)
        close.mutate(typed, { onError: (error) => setProblem(errorMessage(error, t('data.close.failed'))) })
      }}
    >
      <h3 id="close-organization-title" className="font-semibold text-red-800">
        {t('data.close.title')}
      </h3>
      <p className="text-sm text-slate-700">{t('data.close.description')}</p>
      <FormField
        id="close-organization-confirm"
        label={t('data.close.confirmLabel', { name: name ?? '' })}
        message={problem}
      >
        <Input
          id="close-organization-confirm"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={fieldDescription('close-organization-confirm', { message: problem })}
        />
      </FormField>
      <Button type="submit" variant="destructive" disabled={close.isPending}>
        {close.isPending ? t('data.close.closing') : t('data.close.action')}
      </Button>
    </form>
  )
}

/** Settings → Data (supervisors): export all of the organization's data as one zip, or close it. */
export function DataSection() {
  const { t } = useTranslation('supervisor')
  const start = useStartExport()
  const [exportId, setExportId] = useState<string>()
  return (
    <SettingsSectionCard id="data" titleId="data-title" icon={Database} texts={TEXTS} contentClassName="space-y-4">
      <Button
        type="button"
        variant="outline"
        disabled={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: (started) => setExportId(started.id),
            onError: (error) => {
              // One export at a time: the one already being made is followed instead.
              const running = runningExportOf(error)
              if (running) setExportId(running)
              else toastFailure(t('data.failed'), error, t('data.failed'))
            },
          })
        }
      >
        {t('data.export')}
      </Button>
      {exportId ? <ExportProgress id={exportId} /> : null}
      <CloseOrganization />
    </SettingsSectionCard>
  )
}

import { useState } from 'react'
import { Database } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useExportStatus, useStartExport } from '../../api/exports.ts'
import { errorMessage } from '../../api/client.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'

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

/** Settings → Data (issue 35, supervisors): export all of the organization's data as one zip. */
export function DataSection() {
  const { t } = useTranslation('supervisor')
  const start = useStartExport()
  const [exportId, setExportId] = useState<string>()
  return (
    <Card id="data" role="region" aria-labelledby="data-title">
      <CardHeader>
        <CardTitle id="data-title" className="flex items-center gap-2">
          <Database aria-hidden className="size-5" /> {t('data.title')}
        </CardTitle>
        <CardDescription>{t('data.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button
          type="button"
          variant="outline"
          disabled={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: (started) => setExportId(started.id),
              onError: (error) => toastFailure(t('data.failed'), error, t('data.failed')),
            })
          }
        >
          {t('data.export')}
        </Button>
        {exportId ? <ExportProgress id={exportId} /> : null}
      </CardContent>
    </Card>
  )
}

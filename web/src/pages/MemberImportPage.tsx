import { useEffect, useId, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { ArrowLeft, Upload } from 'lucide-react'
import {
  fieldsConflict,
  IMPORT_FIELDS,
  type ImportCounts,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportRowResult,
} from '@app/core'
import { errorMessage } from '../api/client.ts'
import {
  fileAsBase64,
  useImportStatus,
  useMembersChanged,
  usePreviewImport,
  useStartImport,
} from '../api/member-imports.ts'
import { SupervisorPage } from '../components/members/SupervisorOnly.tsx'
import { PageLayout } from '../components/PageLayout.tsx'
import { Button } from '../components/ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle, TitledCard } from '../components/ui/Card.tsx'
import { FormAlert } from '../components/ui/FormAlert.tsx'
import { inputClasses } from '../components/ui/Input.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'
import { Remounted } from '../components/ui/Remounted.tsx'

const FIELDS = Object.keys(IMPORT_FIELDS) as ImportField[]
/** The preview shows this many rows; the counts speak for the rest. */
const SHOWN_ROWS = 200

/** A row's reason in the reader's language (a too-long field named in it too). */
function useReason() {
  const { t } = useTranslation('supervisor')
  return (row: ImportRowResult) => {
    if (!row.key) return ''
    const params = { ...row.params }
    if (typeof params.fieldKey === 'string') params.field = t(`memberImport.fields.${params.fieldKey}`)
    return t(`memberImport.reasons.${row.key}`, params)
  }
}

function Counts({ counts, done }: { counts: ImportCounts; done?: boolean }) {
  const { t } = useTranslation('supervisor')
  return (
    <p className="text-sm font-medium text-slate-800" role="status">
      {t(done ? 'memberImport.progress.done' : 'memberImport.preview.counts', counts)}
    </p>
  )
}

function RowsTable({ rows }: { rows: readonly ImportRowResult[] }) {
  const { t } = useTranslation('supervisor')
  const reason = useReason()
  const cell = 'px-2 py-1.5 text-left align-top'
  // The names a row sets (split from a full name column, say), so the supervisor checks them first.
  const names = rows.some((row) => row.firstName !== undefined || row.lastName !== undefined)
  const headings = [
    'memberImport.preview.line',
    'memberImport.preview.status',
    ...(names ? ['memberImport.fields.firstName', 'memberImport.fields.lastName'] : []),
    'memberImport.preview.reason',
  ] as const
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {headings.map((key) => (
              <th key={key} scope="col" className={cell}>
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN_ROWS).map((row) => (
            <tr key={row.line} className="border-b border-slate-100">
              <td className={cell}>{row.line}</td>
              <td className={cell}>
                <span className={row.status === 'refused' ? 'font-medium text-red-800' : 'text-slate-800'}>
                  {t(`memberImport.status.${row.status}`)}
                </span>
              </td>
              {names ? (
                <>
                  <td className={`${cell} break-words`}>{row.firstName ?? ''}</td>
                  <td className={`${cell} break-words`}>{row.lastName ?? ''}</td>
                </>
              ) : null}
              <td className={`${cell} break-words`}>{reason(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN_ROWS ? (
        <p className="mt-2 text-sm text-slate-600">
          {t('memberImport.preview.more', { shown: SHOWN_ROWS, total: rows.length })}
        </p>
      ) : null}
    </div>
  )
}

/** Each column of the file with the field it fills (or none). */
function MappingForm({
  preview,
  busy,
  onPreview,
}: {
  preview: ImportPreview
  busy: boolean
  onPreview: (mapping: ImportMapping) => void
}) {
  const { t } = useTranslation('supervisor')
  const id = useId()
  const [mapping, setMapping] = useState<ImportMapping>(preview.mapping)
  const choose = (column: string, field: string) => {
    const next: ImportMapping = {}
    // A field fills from one column: choosing it here takes it, and a field filling the same thing
    // another way (a full name and a first or last name), from another column.
    const chosen = field ? (field as ImportField) : undefined
    for (const [c, f] of Object.entries(mapping))
      if (c !== column && (!chosen || (f !== chosen && !fieldsConflict(f, chosen)))) next[c] = f
    if (chosen) next[column] = chosen
    setMapping(next)
  }
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault()
        onPreview(mapping)
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {preview.columns.map((column, i) => (
          <div key={column} className="space-y-1">
            <label htmlFor={`${id}-${i}`} className="block text-sm font-medium text-slate-800 break-words">
              {t('memberImport.mapping.column', { column })}
            </label>
            <select
              id={`${id}-${i}`}
              className={inputClasses}
              value={mapping[column] ?? ''}
              onChange={(e) => choose(column, e.target.value)}
            >
              <option value="">{t('memberImport.mapping.none')}</option>
              {FIELDS.map((field) => (
                <option key={field} value={field}>
                  {t(`memberImport.fields.${field}`)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? t('memberImport.mapping.updating') : t('memberImport.mapping.update')}
      </Button>
    </form>
  )
}

/** Pick a file, match its columns, preview each row, then import. */
function ImportForm({ onStarted }: { onStarted: (id: string) => void }) {
  const { t } = useTranslation('supervisor')
  const fileId = useId()
  const previewImport = usePreviewImport()
  const startImport = useStartImport()
  const [file, setFile] = useState<{ fileName: string; content: string } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const preview = previewImport.data

  const ask = (body: { fileName: string; content: string }, mapping?: ImportMapping) => {
    setProblem(null)
    previewImport.mutate(
      { ...body, ...(mapping ? { mapping } : {}) },
      { onError: (e) => setProblem(errorMessage(e, t('memberImport.file.failed'))) },
    )
  }

  return (
    <div className="space-y-4">
      <Card>
        <CardContent className="space-y-2 pt-4 sm:pt-6">
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
            {t('memberImport.file.label')}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={`${fileId}-hint`}
            className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-indigo-50 file:px-4 file:font-medium file:text-indigo-800"
            onChange={async (e) => {
              const picked = e.target.files?.[0]
              if (!picked) return
              const body = { fileName: picked.name, content: await fileAsBase64(picked) }
              setFile(body)
              ask(body)
            }}
          />
          <p id={`${fileId}-hint`} className="text-sm text-slate-600">
            {t('memberImport.file.hint')}
          </p>
          {previewImport.isPending && !preview ? (
            <p className="text-sm text-slate-700">{t('memberImport.file.reading')}</p>
          ) : null}
          <FormAlert message={problem} />
        </CardContent>
      </Card>

      {preview && file ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle>{t('memberImport.mapping.title')}</CardTitle>
              <CardDescription>{t('memberImport.mapping.description')}</CardDescription>
            </CardHeader>
            <CardContent>
              <Remounted version={JSON.stringify(preview.mapping)}>
                <MappingForm preview={preview} busy={previewImport.isPending} onPreview={(m) => ask(file, m)} />
              </Remounted>
            </CardContent>
          </Card>
          <TitledCard title={t('memberImport.preview.title')} contentClassName="space-y-3">
            <Counts counts={preview.counts} />
            <RowsTable rows={preview.rows} />
            <Button
              type="button"
              disabled={startImport.isPending || previewImport.isPending}
              onClick={() =>
                startImport.mutate(
                  { ...file, mapping: preview.mapping },
                  {
                    onSuccess: (started) => onStarted(started.id),
                    onError: (e) => setProblem(errorMessage(e, t('memberImport.file.failed'))),
                  },
                )
              }
            >
              <Upload aria-hidden />
              {startImport.isPending ? t('memberImport.preview.importing') : t('memberImport.preview.import')}
            </Button>
          </TitledCard>
        </>
      ) : null}
    </div>
  )
}

/** An import's progress (read again after a reload, by its id in the address), then its outcome. */
function ImportProgress({ id, onAnother }: { id: string; onAnother: () => void }) {
  const { t } = useTranslation('supervisor')
  const status = useImportStatus(id)
  const membersChanged = useMembersChanged()
  // The link comes once, in the read after the import ends; kept while this page shows it.
  const [credentialsUrl, setCredentialsUrl] = useState<string | null>(null)
  const job = status.data
  if (job?.credentialsUrl && job.credentialsUrl !== credentialsUrl) setCredentialsUrl(job.credentialsUrl)
  const ended = job !== undefined && job.status !== 'running'
  useEffect(() => {
    if (ended) void membersChanged()
  }, [ended, membersChanged])
  if (status.error) return <FormAlert message={errorMessage(status.error, t('memberImport.progress.failed'))} />
  if (!job) return <p className="text-sm text-slate-700">{t('memberImport.file.reading')}</p>
  const label = t('memberImport.progress.label', { done: job.done, total: job.total })
  return (
    <div className="space-y-4">
      <Card>
        <CardContent className="space-y-3 pt-4 sm:pt-6">
          {job.status === 'running' ? (
            <p className="text-sm text-slate-700">{t('memberImport.progress.running', { fileName: job.fileName })}</p>
          ) : null}
          <progress className="w-full" max={Math.max(job.total, 1)} value={job.done} aria-label={label}>
            {label}
          </progress>
          <p className="text-sm text-slate-700">{label}</p>
          {job.status === 'done' ? <Counts counts={job.counts} done /> : null}
          {job.status === 'failed' ? <FormAlert message={t('memberImport.progress.failed')} /> : null}
        </CardContent>
      </Card>
      {job.status === 'done' ? (
        <TitledCard title={t('memberImport.credentials.title')} contentClassName="space-y-2 text-sm text-slate-700">
          {credentialsUrl ? (
            <>
              <a href={credentialsUrl} className="font-medium text-indigo-700 underline underline-offset-4">
                {t('memberImport.credentials.download')}
              </a>
              <p>{t('memberImport.credentials.once')}</p>
            </>
          ) : (
            <p>{t(job.credentialsIssued ? 'memberImport.credentials.issued' : 'memberImport.credentials.none')}</p>
          )}
        </TitledCard>
      ) : null}
      {job.refused.length ? (
        <TitledCard title={t('memberImport.progress.refusedTitle')}>
          <RowsTable rows={job.refused} />
        </TitledCard>
      ) : null}
      {ended ? (
        <Button type="button" variant="outline" onClick={onAnother}>
          {t('memberImport.progress.another')}
        </Button>
      ) : null}
    </div>
  )
}

/** Employees → Import (supervisors): members from a directory's CSV or Excel export. */
export function MemberImportPage() {
  const { t } = useTranslation('supervisor')
  const [search, setSearch] = useSearchParams()
  const id = search.get('id')
  return (
    <SupervisorPage message={t('members.denied')} wholeChurchMessage={t('memberImport.wholeChurchOnly')}>
      <PageLayout
        title={t('memberImport.title')}
        intro={t('memberImport.intro')}
        actions={
          <LinkButton to="/employees" variant="outline" icon={ArrowLeft}>
            {t('memberImport.back')}
          </LinkButton>
        }
      >
        {id ? (
          <ImportProgress key={id} id={id} onAnother={() => setSearch({})} />
        ) : (
          <ImportForm onStarted={(started) => setSearch({ id: started }, { replace: true })} />
        )}
      </PageLayout>
    </SupervisorPage>
  )
}

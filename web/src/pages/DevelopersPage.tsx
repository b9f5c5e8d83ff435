import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../api/client.ts'
import { useOpenApi } from '../api/tokens.ts'
import { PageLayout } from '../components/PageLayout.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { ErrorState } from '../components/ui/ErrorState.tsx'
import { Section } from '../components/ui/Section.tsx'

/** Redoc, the reference's renderer: a chunk of its own, loaded only here. */
const loadReference = () => import('../components/ApiReference.tsx')
const ApiReference = lazy(loadReference)

/** Where the document is served (an address, not words). */
const DOCUMENT_PATH = '/api/openapi.json'

/** /developers (issue 35): the published API (GET /api/openapi.json), readable, with a first call with curl. */
export function DevelopersPage() {
  const { t } = useTranslation('public')
  const doc = useOpenApi()
  // The renderer's code comes while the document does, not after it.
  useEffect(() => void loadReference().catch(() => undefined), [])
  const origin = window.location.origin
  const curl = `curl -H "Authorization: Bearer $TOKEN" ${origin}/api/timesheets?status=pending`
  return (
    <>
      <PageLayout
        look="guide"
        title={t('developers.title')}
        intro={t('developers.intro')}
        className="max-w-4xl space-y-8"
      >
        <Section id="first-call" title={t('developers.firstCall')}>
          <ol className="mt-3 list-decimal space-y-2 pl-6 text-sm text-slate-700">
            <li>{t('developers.step1')}</li>
            <li>{t('developers.step2')}</li>
            <li>
              {t('developers.step3')}
              <pre className="mt-2 rounded bg-slate-900 p-3 font-mono text-xs break-all whitespace-pre-wrap text-slate-100">
                <code>{`export TOKEN=mtk_...\n${curl}`}</code>
              </pre>
            </li>
            <li>{t('developers.step4')}</li>
          </ol>
          <p className="mt-3 text-sm text-slate-700">
            {t('developers.document')}{' '}
            <a className="font-medium text-indigo-700 underline-offset-4 hover:underline" href={DOCUMENT_PATH}>
              {DOCUMENT_PATH}
            </a>
          </p>
        </Section>
      </PageLayout>
      {/* The reference is as wide as the screen allows: Redoc lays out its menu, the operations and their samples side by side on a wide one. */}
      <section aria-label={t('developers.reference')} className="border-t border-slate-200 bg-white">
        {doc.data ? (
          <Suspense fallback={<PageLoading label={t('developers.loading')} />}>
            <ApiReference spec={doc.data} />
          </Suspense>
        ) : doc.isLoading ? (
          <PageLoading label={t('developers.loading')} />
        ) : (
          <div className="mx-auto max-w-4xl px-4 py-8">
            <ErrorState
              message={errorMessage(doc.error, t('developers.loadError'))}
              onRetry={() => void doc.refetch()}
            />
          </div>
        )}
      </section>
    </>
  )
}

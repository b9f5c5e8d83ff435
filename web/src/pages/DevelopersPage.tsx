import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { WebhookEvent, WebhookEventData, type OpenApiDocument } from '@app/core'
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

/** The reference's sections (Redoc's tags), in its order: Redoc names each `tag/<name>`. */
const sectionsOf = (doc: OpenApiDocument) =>
  [...new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)))].sort()

/** The fields of each event's `data`, from core's one definition of them. */
const webhookFields = WebhookEvent.options.map((event) => ({
  event,
  fields: Object.keys(WebhookEventData[event].shape),
}))

/** /developers: the published API (GET /api/openapi.json), readable, with a first call with curl. */
export function DevelopersPage() {
  const { t } = useTranslation('public')
  const doc = useOpenApi()
  // The renderer's code comes while the document does, not after it.
  useEffect(() => void loadReference().catch(() => undefined), [])
  const origin = window.location.origin
  const curl = `curl -H "Authorization: Bearer $TOKEN" ${origin}/api/timesheets?status=pending`
  return (
    <>
      <PageLayout look="wideGuide" title={t('developers.title')} intro={t('developers.intro')}>
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
        <Section id="webhook-events" title={t('developers.webhooks')}>
          <p className="mt-3 text-sm text-slate-700">{t('developers.webhooksIntro')}</p>
          <dl className="mt-3 divide-y divide-slate-200 text-sm">
            {webhookFields.map(({ event, fields }) => (
              <div key={event} className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-4">
                <dt className="font-mono font-medium text-slate-900 sm:w-48 sm:shrink-0">{event}</dt>
                <dd className="font-mono break-words text-slate-700">{fields.join(', ')}</dd>
              </div>
            ))}
          </dl>
        </Section>
      </PageLayout>
      {/* The reference is as wide as the screen allows: Redoc lays out its menu, the operations and their samples side by side on a wide one. */}
      <section aria-label={t('developers.reference')} className="border-t border-slate-200 bg-white">
        {doc.data ? (
          // Below Redoc's small breakpoint (50rem) its own menu is hidden: this list stands in for it.
          <nav aria-label={t('developers.sections')} className="px-4 py-4 min-[50rem]:hidden">
            <h2 className="text-base font-semibold text-slate-900">{t('developers.sections')}</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {sectionsOf(doc.data).map((tag) => (
                <li key={tag}>
                  <a
                    className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-medium text-indigo-700"
                    href={`#tag/${tag}`}
                  >
                    {tag}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
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

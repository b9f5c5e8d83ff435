import { useTranslation } from 'react-i18next'
import type { OpenApiDocument, OpenApiOperation } from '@app/core'
import { errorMessage } from '../api/client.ts'
import { useOpenApi } from '../api/tokens.ts'
import { PageLayout } from '../components/PageLayout.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { Badge } from '../components/ui/Badge.tsx'
import { ErrorState } from '../components/ui/ErrorState.tsx'
import { Section } from '../components/ui/Section.tsx'

type Json = Record<string, unknown>

/** A JSON Schema as one short line: 'string', 'array of object', 'one of: draft, pending'. */
const typeOf = (schema: Json | undefined): string => {
  if (!schema) return 'any'
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ')
  if ('const' in schema) return JSON.stringify(schema.const)
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined
  if (union) return union.map(typeOf).join(' | ')
  if (schema.type === 'array') return `array of ${typeOf(schema.items as Json | undefined)}`
  if (Array.isArray(schema.type)) return schema.type.join(' | ')
  return typeof schema.type === 'string' ? schema.type : '$ref' in schema ? 'object' : 'any'
}

/** The fields of an object schema, nested objects and arrays of objects under their field (three levels at most). */
function SchemaFields({ schema, depth = 0 }: { schema: Json | undefined; depth?: number }) {
  const { t } = useTranslation('public')
  const target = schema?.type === 'array' ? (schema.items as Json | undefined) : schema
  const properties = target?.properties as Record<string, Json> | undefined
  if (!properties || depth > 2) return <code className="text-sm text-slate-700">{typeOf(schema)}</code>
  const required = new Set((target?.required as string[] | undefined) ?? [])
  return (
    <ul className={depth ? 'ml-4 border-l border-slate-200 pl-3' : ''}>
      {Object.entries(properties).map(([name, property]) => (
        <li key={name} className="py-0.5 text-sm">
          <code className="font-medium text-slate-900">{name}</code>{' '}
          <code className="text-slate-600">{typeOf(property)}</code>
          {required.has(name) ? <span className="ml-1 text-xs text-red-700">{t('developers.required')}</span> : null}
          {(property.type === 'object' && property.properties) ||
          (property.type === 'array' && (property.items as Json | undefined)?.properties) ? (
            <SchemaFields schema={property} depth={depth + 1} />
          ) : null}
        </li>
      ))}
    </ul>
  )
}

const methodColours: Record<string, string> = {
  get: 'bg-sky-100 text-sky-900',
  post: 'bg-green-100 text-green-900',
  put: 'bg-amber-100 text-amber-900',
  patch: 'bg-amber-100 text-amber-900',
  delete: 'bg-red-100 text-red-900',
}

function Operation({ path, method, op }: { path: string; method: string; op: OpenApiOperation }) {
  const { t } = useTranslation('public')
  const body = op.requestBody?.content['application/json'].schema
  const success = Object.entries(op.responses).find(([status]) => status < '400')
  const answer = (success?.[1] as { content?: { 'application/json'?: { schema?: Json } } } | undefined)?.content?.[
    'application/json'
  ]?.schema
  return (
    <article
      id={op.operationId}
      aria-label={`${method.toUpperCase()} ${path}`}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${methodColours[method] ?? ''}`}>
          {method}
        </span>
        <code className="font-mono text-sm font-semibold break-all text-slate-900">{path}</code>
      </h3>
      <div className="flex flex-wrap gap-2 text-xs">
        <Badge variant="secondary">{t(`developers.access.${op['x-access']}`)}</Badge>
        {op['x-token-scope'] ? (
          <Badge variant="outline">{t('developers.tokenScope', { scope: op['x-token-scope'] })}</Badge>
        ) : op['x-access'] !== 'public' ? (
          <Badge variant="outline">{t('developers.noToken')}</Badge>
        ) : null}
      </div>
      {op.parameters.length ? (
        <div>
          <h4 className="text-sm font-medium text-slate-900">{t('developers.parameters')}</h4>
          <ul>
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`} className="text-sm">
                <code className="font-medium text-slate-900">{p.name}</code>{' '}
                <span className="text-slate-600">({t(`developers.in.${p.in}`)})</span>{' '}
                <code className="text-slate-600">{typeOf(p.schema)}</code>
                {p.required ? <span className="ml-1 text-xs text-red-700">{t('developers.required')}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {body ? (
        <div>
          <h4 className="text-sm font-medium text-slate-900">{t('developers.body')}</h4>
          <SchemaFields schema={body} />
        </div>
      ) : null}
      <div>
        <h4 className="text-sm font-medium text-slate-900">
          {t('developers.answer', { status: success?.[0] ?? '200' })}
        </h4>
        {answer ? (
          <SchemaFields schema={answer} />
        ) : (
          <p className="text-sm text-slate-600">{success?.[1].description}</p>
        )}
      </div>
    </article>
  )
}

/** Every operation of the document, grouped by its tag (the manifest's folder), in the document's order. */
const byTag = (doc: OpenApiDocument) => {
  const groups = new Map<string, { path: string; method: string; op: OpenApiOperation }[]>()
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags[0] ?? 'other'
      groups.set(tag, [...(groups.get(tag) ?? []), { path, method, op }])
    }
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b))
}

/** Where the document is served (an address, not words). */
const DOCUMENT_PATH = '/api/openapi.json'

/** /developers (issue 35): the published API (GET /api/openapi.json), readable, with a first call with curl. */
export function DevelopersPage() {
  const { t } = useTranslation('public')
  const doc = useOpenApi()
  const origin = window.location.origin
  const curl = `curl -H "Authorization: Bearer $TOKEN" ${origin}/api/timesheets?status=pending`
  return (
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
            <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 font-mono text-xs text-slate-100">
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
      {doc.data ? (
        byTag(doc.data).map(([tag, ops]) => (
          <Section key={tag} id={`tag-${tag}`} title={tag} className="space-y-3">
            {ops.map((o) => (
              <Operation key={`${o.method} ${o.path}`} {...o} />
            ))}
          </Section>
        ))
      ) : doc.isLoading ? (
        <PageLoading label={t('developers.loading')} />
      ) : (
        <ErrorState message={errorMessage(doc.error, t('developers.loadError'))} onRetry={() => void doc.refetch()} />
      )}
    </PageLayout>
  )
}

import { useTranslation } from 'react-i18next'
import type { AuditEntry } from '@app/core'
import { formatDate } from '../../lib/format.ts'
import { changeLines, type AuditContext } from './audit-changes.ts'
import { actionLabel, auditActorLabel, auditSubjectLabel } from './audit-text.ts'

interface AuditEntryItemProps {
  entry: AuditEntry
  /** The organization's zone and the names its ids stand for (useAuditContext). */
  context: AuditContext
  showSubject?: boolean
}

/** One record: when (on the organization's clock), who, what (and to what, when asked), and each field's before and after. */
export function AuditEntryItem({ entry, context, showSubject = false }: AuditEntryItemProps) {
  const { t } = useTranslation('supervisor')
  const when = formatDate(entry.at, 'dateTime', '-', context.timeZone)
  const lines = changeLines(entry.changes, context)
  return (
    <li className="space-y-1 rounded-md border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-medium text-slate-900">{actionLabel(entry.action)}</span>
        {showSubject ? <span className="text-slate-700">{auditSubjectLabel(entry.subject, entry.changes)}</span> : null}
      </div>
      <p className="text-slate-600">
        <span className="break-words">{auditActorLabel(entry.actor)}</span>
        {' · '}
        <time dateTime={entry.at}>{when}</time>
      </p>
      {lines.length ? (
        <ul className="space-y-0.5 text-slate-800">
          {lines.map((line) => (
            <li key={line.key} className="break-words">
              <span className="text-slate-600">{line.label}:</span> {line.before} <span aria-hidden>→</span>
              <span className="sr-only">{t('audit.changedTo')}</span> {line.after}
            </li>
          ))}
        </ul>
      ) : null}
      {entry.client ? (
        <p className="break-words text-slate-500">
          {t('audit.from', { address: entry.client.address })}
          {entry.client.userAgent ? ` · ${entry.client.userAgent}` : ''}
        </p>
      ) : null}
    </li>
  )
}

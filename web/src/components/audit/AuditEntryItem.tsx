import { useTranslation } from 'react-i18next'
import type { AuditEntry } from '@app/core'
import { useOrgTimeZone } from '../../api/organization.ts'
import { formatDate } from '../../lib/format.ts'
import { actionLabel, auditActorLabel, auditSubjectLabel, fieldLabel, shownChanges, valueText } from './audit-text.ts'

/** One record: when (on the organization's clock), who, what (and to what, when asked), and each field's before and after. */
export function AuditEntryItem({ entry, showSubject = false }: { entry: AuditEntry; showSubject?: boolean }) {
  const { t } = useTranslation('supervisor')
  const when = formatDate(entry.at, 'dateTime', '-', useOrgTimeZone())
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
      {shownChanges(entry.changes).length ? (
        <ul className="space-y-0.5 text-slate-800">
          {shownChanges(entry.changes).map((c) => (
            <li key={c.field} className="break-words">
              <span className="text-slate-600">{fieldLabel(c.field)}:</span> {valueText(c.before, c.field)}{' '}
              <span aria-hidden>→</span>
              <span className="sr-only">{t('audit.changedTo')}</span> {valueText(c.after, c.field)}
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

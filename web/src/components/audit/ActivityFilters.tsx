import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { AuditAction, fullName, type User } from '@app/core'
import type { AuditFilters } from '../../api/audit.ts'
import { FormField } from '../ui/FormField.tsx'
import { Input } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/Select.tsx'
import { actionLabel } from './audit-text.ts'

/** Radix Select has no empty value: 'all' stands for no filter. */
const ALL = 'all'

/** The Activity page's filters: a date range (both days included), a member and an action. */
export function ActivityFilters({
  filters,
  members,
  onChange,
}: {
  filters: AuditFilters
  members: User[]
  onChange: (filters: AuditFilters) => void
}) {
  const { t } = useTranslation('supervisor')
  const id = useId()
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch })
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <DateFilter id={id} name="from" filters={filters} onChange={set} />
      <DateFilter id={id} name="to" filters={filters} onChange={set} />
      <div className="space-y-1">
        <Label id={`${id}-member`}>{t('audit.filters.member')}</Label>
        <Select value={filters.actorId || ALL} onValueChange={(v) => set({ actorId: v === ALL ? '' : v })}>
          <SelectTrigger aria-labelledby={`${id}-member`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('audit.filters.allMembers')}</SelectItem>
            {members.map((m) => (
              <SelectItem key={m.id} value={m.id}>
                {fullName(m)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-1">
        <Label id={`${id}-action`}>{t('audit.filters.action')}</Label>
        <Select
          value={filters.action || ALL}
          onValueChange={(v) => set({ action: v === ALL ? '' : AuditAction.parse(v) })}
        >
          <SelectTrigger aria-labelledby={`${id}-action`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('audit.filters.allActions')}</SelectItem>
            {AuditAction.options.map((a) => (
              <SelectItem key={a} value={a}>
                {actionLabel(a)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  )
}

/** A day of the range (both days included), bounded by the other day. */
function DateFilter({
  id,
  name,
  filters,
  onChange,
}: {
  id: string
  name: 'from' | 'to'
  filters: AuditFilters
  onChange: (patch: Partial<AuditFilters>) => void
}) {
  const { t } = useTranslation('supervisor')
  const bounds = name === 'from' ? { max: filters.to || undefined } : { min: filters.from || undefined }
  return (
    <FormField id={`${id}-${name}`} label={t(`audit.filters.${name}`)} className="space-y-1">
      <Input
        id={`${id}-${name}`}
        type="date"
        value={filters[name]}
        {...bounds}
        onChange={(e) => onChange({ [name]: e.target.value })}
      />
    </FormField>
  )
}

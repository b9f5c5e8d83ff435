import { useTranslation } from 'react-i18next'
import { useMemo } from 'react'
import { sameClock } from '@app/core'
import { browserTimeZone } from '../lib/browser.ts'
import { formatZoneName } from '../lib/format.ts'
import { cn } from '../lib/cn.ts'

/**
 * 'Times are Central Time (America/Chicago)', shown beside times only when this device keeps
 * another clock than the organization, so a member travelling or on a misconfigured phone knows
 * which clock the times follow. Nothing when the clocks agree.
 */
export function OrgZoneNote({ timeZone, className }: { timeZone: string; className?: string }) {
  const { t } = useTranslation('common')
  const elsewhere = useMemo(() => !sameClock(timeZone, browserTimeZone()), [timeZone])
  if (!elsewhere) return null
  return (
    <p className={cn('text-xs text-slate-600', className)} data-testid="org-zone-note">
      {t('zoneNote', { zone: formatZoneName(timeZone), id: timeZone })}
    </p>
  )
}

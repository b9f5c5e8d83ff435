import { useState, type ReactNode } from 'react'
import { Lock, LockOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { fullName, wholeChurch, type PayPeriod, type Person } from '@app/core'
import { useAuth } from '../../api/auth.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { formatBreakMinutes, formatDate, formatPayrollHours } from '../../lib/format.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { CardContent, RegionCard } from '../ui/Card.tsx'
import { ClosePeriodDialog } from './ClosePeriodDialog.tsx'
import { PeriodSends } from './IntegrationSend.tsx'
import { PeriodExports } from './PeriodExports.tsx'
import { periodTitle } from './period-title.ts'
import { ReopenPeriodDialog } from './ReopenPeriodDialog.tsx'
import { DescriptionItem } from '../ui/DescriptionItem.tsx'
import { UnapprovedWeeks } from './UnapprovedWeeks.tsx'

const names = (people: readonly Person[]) => people.map(fullName).join(', ')

/**
 * One pay period: its status, its figures, who holds it up, Close or Reopen, its exports, and once
 * closed its sends to the connected payroll and accounting systems.
 */
export function PayPeriodCard({ period }: { period: PayPeriod }) {
  const { t } = useTranslation('supervisor')
  // A period closes and reopens for the whole church: its whole-church supervisors do it.
  const { user } = useAuth()
  const closes = !user || wholeChurch(user)
  const [closing, setClosing] = useState(false)
  const [reopening, setReopening] = useState(false)
  const title = periodTitle(period)
  const titleId = `period-${period.start}`
  const closed = period.status === 'closed'
  const closedAt = formatDate(period.closedAt, 'dateTime', '-', useOrgTimeZone())

  return (
    <RegionCard
      titleId={titleId}
      title={title}
      headerClassName="gap-2"
      titleClassName="text-base sm:text-lg"
      aside={
        closed ? (
          <Badge variant="secondary">
            <Lock className="mr-1 size-3" aria-hidden /> {t('payroll.period.closed')}
          </Badge>
        ) : (
          <Badge variant="success">{t('payroll.period.open')}</Badge>
        )
      }
      below={
        <>
          {closed && period.closedAt ? (
            <p className="text-sm text-slate-600">
              {period.closedBy
                ? t('payroll.period.closedOnBy', { when: closedAt, name: fullName(period.closedBy) })
                : t('payroll.period.closedOn', { when: closedAt })}
            </p>
          ) : null}
          {!closed && period.reopenedReason ? (
            <p className="text-sm break-words text-slate-600">
              {t('payroll.period.reopened', { reason: period.reopenedReason })}
            </p>
          ) : null}
        </>
      }
    >
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <Figure label={t('payroll.period.approvedHours')}>{formatPayrollHours(period.approvedHours)}</Figure>
          <Figure label={t('payroll.figures.regular')}>{formatPayrollHours(period.regularHours)}</Figure>
          <Figure label={t('payroll.figures.overtime')}>{formatPayrollHours(period.overtimeHours)}</Figure>
          <Figure label={t('payroll.period.doubleTimeHours')}>{formatPayrollHours(period.doubleTimeHours)}</Figure>
          <Figure label={t('payroll.figures.breaks')}>{formatBreakMinutes(period.breakMinutes)}</Figure>
        </dl>

        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <People
            label={t('payroll.period.notSubmitted')}
            people={period.notSubmitted}
            none={t('payroll.period.allSubmitted')}
          />
          <People label={t('payroll.period.pending')} people={period.pending} none={t('payroll.period.nonePending')} />
          {period.unapproved?.length ? (
            <UnapprovedWeeks
              weeks={period.unapproved}
              label={closed ? t('payroll.unapproved.closedLabel') : t('payroll.unapproved.label')}
            />
          ) : null}
        </dl>

        {closes ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            {closed ? (
              <Button variant="outline" onClick={() => setReopening(true)}>
                <LockOpen aria-hidden /> {t('payroll.reopen.confirm')}
              </Button>
            ) : (
              <Button onClick={() => setClosing(true)}>
                <Lock aria-hidden /> {t('payroll.period.close')}
              </Button>
            )}
          </div>
        ) : null}

        <PeriodExports period={period} />
        {closed ? <PeriodSends period={period} /> : null}
      </CardContent>
      <ClosePeriodDialog item={closing ? period : null} onClose={() => setClosing(false)} />
      <ReopenPeriodDialog item={reopening ? period : null} onClose={() => setReopening(false)} />
    </RegionCard>
  )
}

const Figure = ({ label, children }: { label: string; children: ReactNode }) => (
  <DescriptionItem look="tile" className="min-w-0" label={label}>
    {children}
  </DescriptionItem>
)

function People({ label, people, none }: { label: string; people: readonly Person[]; none: string }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-700">{`${label} (${people.length})`}</dt>
      <dd className={people.length ? 'break-words text-slate-900' : 'text-slate-500'}>
        {people.length ? names(people) : none}
      </dd>
    </div>
  )
}

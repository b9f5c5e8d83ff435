import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { CircleAlert, Landmark } from 'lucide-react'
import type { AllocationReport } from '@app/core'
import { allocationReportQuery } from '../../api/allocation.ts'
import { useCampusParam } from '../../api/campuses.ts'
import { formatDate, formatDollars, formatNumber, formatPayrollHours } from '../../lib/format.ts'
import { StackedCell, StackedRow, StackedTable } from '../ui/Table.tsx'
import { NumberCell, ReportPart, ReportSection, useColumnLabels } from './ReportSection.tsx'
import {
  allocationCsv,
  allocationFileName,
  allocationName,
  BUDGET_WARNING_PERCENT,
  budgetUsedPercent,
} from './allocation-csv.ts'

/** The catalogue group of this report's texts. */
const TEXTS = 'allocation.report'

const percentText = (n: number) => `${formatPayrollHours(n)} %`

/**
 * The Reports page's 'Ministries and funds': approved hours per code with their share, each code's
 * members, grants' budget hours used and remaining (warned at 90 %), and volunteers' hours per code
 * valued at the volunteer rate. `from` and `to` are the period as the page names it (a week from
 * the organization's week start, or a month from the 1st to its last day): the label, the CSV and
 * its file name say them. `through` is the last date read: the days of every week starting in the
 * period, so the last week counts whole.
 */
export function AllocationSection({ from, to, through }: { from: string; to: string; through: string }) {
  const { t } = useTranslation('supervisor')
  const report = useQuery(allocationReportQuery(from, through, useCampusParam()))
  return (
    <ReportSection
      id="allocation-report-title"
      icon={Landmark}
      title={t('allocation.report.title')}
      description={t('allocation.report.description', { from: formatDate(from), to: formatDate(to) })}
      csv={(r) => ({ text: allocationCsv(r, from, to), fileName: allocationFileName(from, to) })}
      exportLabel={t('allocation.report.exportNamed')}
      query={report}
      texts={TEXTS}
      isEmpty={(r) => r.codes.every((c) => c.hours === 0 && c.budgetHours === null) && r.volunteers.length === 0}
    >
      {(r) => <AllocationTables report={r} />}
    </ReportSection>
  )
}

function AllocationTables({ report }: { report: AllocationReport }) {
  const { t } = useTranslation('supervisor')
  const col = useColumnLabels(TEXTS, ['code', 'hours', 'percent', 'budget', 'member', 'memberPercent', 'value'])
  const grants = report.codes.filter((c) => c.budgetHours !== null)
  return (
    <div className="space-y-6">
      <ReportPart id="allocation-by-code" title={t('allocation.report.byCode')}>
        <StackedTable columns={[col.code, col.hours, col.percent, col.budget]}>
          {report.codes.map((c) => {
            const used = budgetUsedPercent(c.hours, c.budgetHours)
            return (
              <StackedRow key={c.code}>
                <StackedCell label={col.code}>{allocationName(c)}</StackedCell>
                <NumberCell label={col.hours}>{formatPayrollHours(c.hours)}</NumberCell>
                <NumberCell label={col.percent}>{percentText(c.percent)}</NumberCell>
                <StackedCell label={col.budget}>
                  {c.budgetHours === null
                    ? '-'
                    : t('allocation.report.budgetLine', {
                        used: formatPayrollHours(c.hours),
                        budget: formatPayrollHours(c.budgetHours),
                        percent: formatNumber(used ?? 0),
                      })}
                </StackedCell>
              </StackedRow>
            )
          })}
        </StackedTable>
      </ReportPart>
      {grants.length ? (
        <ReportPart id="allocation-grants" title={t('allocation.report.grants')}>
          <ul className="space-y-2">
            {grants.map((g) => {
              const used = budgetUsedPercent(g.hours, g.budgetHours) ?? 0
              const remaining = (g.budgetHours ?? 0) - g.hours
              const warn = used >= BUDGET_WARNING_PERCENT
              return (
                <li
                  key={g.code}
                  className={
                    warn
                      ? 'rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'
                      : 'rounded-md border border-slate-200 p-3 text-sm text-slate-800'
                  }
                >
                  <p className="font-medium">{allocationName(g)}</p>
                  <p>
                    {t('allocation.report.grantLine', {
                      used: formatPayrollHours(g.hours),
                      budget: formatPayrollHours(g.budgetHours ?? 0),
                      remaining: formatPayrollHours(Math.max(0, remaining)),
                      percent: formatNumber(used),
                    })}
                  </p>
                  {warn ? (
                    <p className="mt-1 flex gap-2 font-medium">
                      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                      {remaining < 0
                        ? t('allocation.report.overBudget', { over: formatPayrollHours(-remaining) })
                        : t('allocation.report.nearBudget', { percent: formatNumber(BUDGET_WARNING_PERCENT) })}
                    </p>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </ReportPart>
      ) : null}
      <ReportPart id="allocation-members" title={t('allocation.report.byMember')}>
        <StackedTable columns={[col.code, col.member, col.hours, col.memberPercent]}>
          {report.codes.flatMap((c) =>
            c.members.map((m) => (
              <StackedRow key={`${c.code}-${m.employeeId}`}>
                <StackedCell label={col.code}>{allocationName(c)}</StackedCell>
                <StackedCell label={col.member}>{`${m.firstName} ${m.lastName}`.trim()}</StackedCell>
                <NumberCell label={col.hours}>{formatPayrollHours(m.hours)}</NumberCell>
                <NumberCell label={col.memberPercent}>{percentText(m.percent)}</NumberCell>
              </StackedRow>
            )),
          )}
        </StackedTable>
      </ReportPart>
      {report.volunteers.length ? (
        <ReportPart id="allocation-volunteers" title={t('allocation.report.volunteers')}>
          <StackedTable columns={[col.code, col.hours, col.value]}>
            {report.volunteers.map((v) => (
              <StackedRow key={v.code}>
                <StackedCell label={col.code}>{allocationName(v)}</StackedCell>
                <NumberCell label={col.hours}>{formatPayrollHours(v.hours)}</NumberCell>
                <NumberCell label={col.value}>{formatDollars(v.value)}</NumberCell>
              </StackedRow>
            ))}
          </StackedTable>
        </ReportPart>
      ) : null}
    </div>
  )
}

import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HandHeart } from 'lucide-react'
import type { VolunteerHours } from '@app/core'
import { useCampusParam } from '../../api/campuses.ts'
import { volunteerHoursQuery } from '../../api/payroll.ts'
import { formatDate, formatDollars, formatPayrollHours } from '../../lib/format.ts'
import { StackedCell, StackedRow, StackedTable } from '../ui/Table.tsx'
import { NumberCell, ReportPart, ReportSection, useColumnLabels } from './ReportSection.tsx'
import { volunteerHoursCsv, volunteerHoursFileName } from './volunteer-csv.ts'
import { DescriptionItem } from '../ui/DescriptionItem.tsx'

/** The catalogue group of this report's texts. */
const TEXTS = 'reports.volunteerHours'

/** The Reports page's 'Volunteer hours': approved hours per volunteer and department, valued at the organization's rate. */
export function VolunteerHoursSection({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('supervisor')
  const report = useQuery(volunteerHoursQuery(from, to, useCampusParam()))
  const data = report.data

  return (
    <ReportSection
      id="volunteer-hours-title"
      icon={HandHeart}
      title={t('reports.volunteerHours.title')}
      description={
        data
          ? t('reports.volunteerHours.descriptionFor', {
              from: formatDate(data.from),
              to: formatDate(data.to),
              rate: formatDollars(data.hourlyRate),
            })
          : t('reports.volunteerHours.description')
      }
      csv={(hours) => ({ text: volunteerHoursCsv(hours), fileName: volunteerHoursFileName(hours.from, hours.to) })}
      query={report}
      texts={TEXTS}
      isEmpty={(hours) => hours.volunteers.length === 0}
    >
      {(hours) => <VolunteerTables report={hours} />}
    </ReportSection>
  )
}

function VolunteerTables({ report }: { report: VolunteerHours }) {
  const { t } = useTranslation('supervisor')
  const col = useColumnLabels(TEXTS, ['volunteer', 'department', 'hours', 'value'])
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
        <Total label={t('reports.volunteerHours.totalHours')}>{formatPayrollHours(report.totalHours)}</Total>
        <Total label={t('reports.volunteerHours.totalValue')}>{formatDollars(report.totalValue)}</Total>
      </dl>
      <ReportPart id="volunteer-by-person" title={t('reports.volunteerHours.byVolunteer')}>
        <StackedTable columns={[col.volunteer, col.department, col.hours, col.value]}>
          {report.volunteers.map((v) => (
            <StackedRow key={v.employeeId}>
              <StackedCell label={col.volunteer}>{`${v.firstName} ${v.lastName}`.trim()}</StackedCell>
              <StackedCell label={col.department}>{v.department ?? '-'}</StackedCell>
              <NumberCell label={col.hours}>{formatPayrollHours(v.hours)}</NumberCell>
              <NumberCell label={col.value}>{formatDollars(v.value)}</NumberCell>
            </StackedRow>
          ))}
        </StackedTable>
      </ReportPart>
      <ReportPart id="volunteer-by-department" title={t('reports.volunteerHours.byDepartment')}>
        <StackedTable columns={[col.department, col.hours, col.value]}>
          {report.departments.map((d) => (
            <StackedRow key={d.department}>
              <StackedCell label={col.department}>{d.department}</StackedCell>
              <NumberCell label={col.hours}>{formatPayrollHours(d.hours)}</NumberCell>
              <NumberCell label={col.value}>{formatDollars(d.value)}</NumberCell>
            </StackedRow>
          ))}
        </StackedTable>
      </ReportPart>
    </div>
  )
}

const Total = ({ label, children }: { label: string; children: ReactNode }) => (
  <DescriptionItem look="tile" valueClassName="text-lg" label={label}>
    {children}
  </DescriptionItem>
)

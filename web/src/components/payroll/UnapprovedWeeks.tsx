import { useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { fullName, type UnapprovedWeek } from '@app/core'
import { useOrgTimeZone } from '../../api/organization.ts'
import { formatDate } from '../../lib/format.ts'
import type { ReviewMode, ReviewTarget } from '../review/ReviewDialog.tsx'
import { LazyReviewDialog } from '../review/LazyReviewDialog.tsx'
import { Button } from '../ui/Button.tsx'

const VIEW: ReviewMode = 'view'

/**
 * A period's declined and draft weeks with work: whose, which week, its state, and View to open
 * the week (read only). They keep the period from closing unless it is closed anyway, and are
 * then locked unpaid; the closed period keeps naming them.
 */
export function UnapprovedWeeks({ weeks, label }: { weeks: readonly UnapprovedWeek[]; label: string }) {
  const { t } = useTranslation('supervisor')
  const [review, setReview] = useState<ReviewTarget | null>(null)
  const timeZone = useOrgTimeZone()
  return (
    <div className="min-w-0 text-sm sm:col-span-2">
      <dt className="font-medium text-slate-700">{`${label} (${weeks.length})`}</dt>
      <dd>
        <ul className="mt-1 space-y-1">
          {weeks.map((week) => (
            <li key={week.timesheetId} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="break-words text-slate-900">{weekLine(t, week)}</span>
              {week.timesheet ? (
                <Button
                  variant="link"
                  size="sm"
                  className="px-0"
                  aria-label={t('payroll.unapproved.viewLabel', { line: weekLine(t, week) })}
                  onClick={() => setReview({ timesheet: week.timesheet!, mode: VIEW })}
                >
                  {t('payroll.unapproved.view')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </dd>
      <LazyReviewDialog target={review} timeZone={timeZone} onClose={() => setReview(null)} />
    </div>
  )
}

/** 'Tyler Brooks, week of Nov 10, 2026: declined' */
export const weekLine = (t: TFunction<'supervisor'>, week: UnapprovedWeek) =>
  t(week.status === 'rejected' ? 'payroll.unapproved.declinedWeek' : 'payroll.unapproved.draftWeek', {
    name: fullName(week),
    week: formatDate(week.weekStartDate),
  })

import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { CalendarClock, ClipboardList, Eye, Pencil, Play } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { hasAnyTime, isEditable, sentBack, weekTotalHours, type Timesheet } from '@app/core'
import { formatDateRange, formatHours } from '../../lib/format.ts'
import { Button } from '../ui/Button.tsx'
import { CardContent, RegionCard } from '../ui/Card.tsx'
import { TimesheetStatusBadge } from '../TimesheetStatusBadge.tsx'
import { SupervisorComments } from './TimesheetFields.tsx'

export interface CurrentWeekCardProps {
  timesheet: Timesheet
  /** Where the week stands, in words ('Submitted on Nov 19, 2026. ...'). */
  status: string
  /** The supervisor's comments when the week was sent back, shown where it is fixed. */
  comments: string | null
  /** Today's clock while the week is editable. */
  children?: ReactNode
  /** Opens the weekly dialog. */
  onOpen: () => void
  /** A closed pay period locks the week: only 'View Timesheet', and why. */
  periodClosed?: boolean
}

/**
 * The one 'Current Week Timesheet' card (spec section 2) on the staff dashboard: the week, its
 * status, the supervisor's comments, today's clock and exactly one primary action, named for what
 * it does: 'Start Timesheet' (the week page), a green 'Continue Timesheet' (the weekly dialog),
 * 'Edit and Resubmit' after a decline, and 'View Timesheet' (read-only) once submitted or approved.
 */
export function CurrentWeekCard({ timesheet, status, comments, children, onOpen, periodClosed }: CurrentWeekCardProps) {
  const { t } = useTranslation('staff')
  const started = hasAnyTime(timesheet)
  const editable = isEditable(timesheet.status) && !periodClosed
  return (
    <RegionCard
      titleId="current-week-title"
      title={
        <>
          <CalendarClock className="size-5 text-indigo-600" aria-hidden /> {t('card.title')}
        </>
      }
      titleClassName="flex items-center gap-2"
      aside={<TimesheetStatusBadge status={timesheet.status} />}
      below={
        <p className="text-sm text-slate-600">
          {t('card.weekOf', { range: formatDateRange(timesheet.weekStartDate) })}
        </p>
      }
    >
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-700">{status}</p>
        {periodClosed ? <p className="text-sm text-slate-700">{t('weeklyDialog.periodClosed')}</p> : null}
        <SupervisorComments comments={comments} boxed />
        {children}
        {started ? (
          <p className="text-sm text-slate-700">
            {t('card.soFar')}{' '}
            <span className="font-semibold text-slate-900">{formatHours(weekTotalHours(timesheet))}</span>
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <PrimaryAction timesheet={timesheet} started={started} editable={editable} onOpen={onOpen} />
          {editable && (timesheet.status === 'rejected' || (timesheet.status === 'draft' && started)) ? (
            <Link
              to="/submit-timesheet"
              className="inline-flex min-h-11 items-center justify-center rounded-md px-3 text-sm font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
            >
              {t('card.openFullPage')}
            </Link>
          ) : null}
        </div>
        {editable && timesheet.status === 'draft' ? (
          <p className="text-sm text-slate-600">{t('weeklyDialog.saveHint')}</p>
        ) : null}
      </CardContent>
    </RegionCard>
  )
}

interface PrimaryActionProps {
  timesheet: Timesheet
  started: boolean
  editable: boolean
  onOpen: () => void
}

function PrimaryAction({ timesheet, started, editable, onOpen }: PrimaryActionProps) {
  const { t } = useTranslation('staff')
  const wide = 'w-full sm:w-auto'
  if (editable && timesheet.status === 'draft' && !started) {
    return (
      <Button asChild size="lg" className={wide}>
        <Link to="/submit-timesheet">
          <Play aria-hidden /> {t('card.start')}
        </Link>
      </Button>
    )
  }
  // A week sent back stays 'Edit and Resubmit' through its member's saves, until it is resubmitted.
  const [label, icon] = !editable
    ? ([t('card.view'), <Eye key="i" aria-hidden />] as const)
    : sentBack(timesheet)
      ? ([t('card.editResubmit'), <Pencil key="i" aria-hidden />] as const)
      : ([t('card.continue'), <ClipboardList key="i" aria-hidden />] as const)
  const green = editable && timesheet.status === 'draft' && !sentBack(timesheet)
  return (
    <Button size="lg" variant={green ? 'success' : 'primary'} className={wide} onClick={onOpen}>
      {icon} {label}
    </Button>
  )
}

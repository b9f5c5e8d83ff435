import { CalendarClock } from 'lucide-react'
import { formatHours, formatWeekRange, hasAnyTime, weekTotalHours, type Timesheet } from '@app/core'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card.tsx'
import { TimesheetStatusBadge } from '../TimesheetStatusBadge.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'

export interface CurrentWeekCardProps {
  timesheet: Timesheet | undefined
  isLoading: boolean
  /** Opens the weekly dialog. */
  onOpen: () => void
}

/**
 * The 'Current Week Timesheet' card (spec section 2): only for a draft with at least one start or
 * end time, otherwise nothing at all; 'Loading your timesheet...' while the week loads.
 */
export function CurrentWeekCard({ timesheet, isLoading, onOpen }: CurrentWeekCardProps) {
  if (isLoading) {
    return <LoadingState label="Loading your timesheet..." />
  }
  if (!timesheet || timesheet.status !== 'draft' || !hasAnyTime(timesheet)) return null
  return (
    <Card role="region" aria-labelledby="current-week-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="current-week-title" className="flex items-center gap-2">
            <CalendarClock className="size-5 text-indigo-600" aria-hidden /> Current Week Timesheet
          </CardTitle>
          <TimesheetStatusBadge status={timesheet.status} />
        </div>
        <p className="text-sm text-slate-600">{formatWeekRange(timesheet.weekStartDate)}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          So far: <span className="font-semibold text-slate-900">{formatHours(weekTotalHours(timesheet))}</span>
        </p>
        <Button onClick={onOpen} className="w-full sm:w-auto">
          {timesheet.status === 'draft' ? 'Continue Timesheet' : 'View Timesheet'}
        </Button>
      </CardContent>
    </Card>
  )
}

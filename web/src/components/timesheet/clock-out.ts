import { missingClockOuts, type MissingClockOut, type WeekTimes } from '@app/core'
import { useOrganizationSettings } from '../../api/organization.ts'
import { zoneOr } from '../../lib/format.ts'
import { useNow } from './use-now.ts'

/**
 * The organization's clock-out limit (Settings → Notifications) and zone, once its settings have
 * loaded (settings kept on the device from an older version have no limit: none until read again).
 */
export function useClockOutLimit(): { hours: number; timeZone: string } | undefined {
  const settings = useOrganizationSettings().data
  const hours: unknown = settings?.clockOutLimitHours
  return settings && typeof hours === 'number' && Number.isInteger(hours) && hours > 0
    ? { hours, timeZone: zoneOr(settings.timeZone) }
    : undefined
}

/**
 * The days of `week` whose clock-out is missing now (the timer ran past the organization's
 * limit and no end is set), read again every minute. None until the limit is known.
 */
export function useMissingClockOuts(week: (WeekTimes & { weekStartDate: string }) | undefined): MissingClockOut[] {
  const limit = useClockOutLimit()
  const now = useNow(60_000)
  return week && limit ? missingClockOuts(week, limit.hours, limit.timeZone, now) : []
}

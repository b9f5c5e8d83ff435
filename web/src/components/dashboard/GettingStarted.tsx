import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { CheckCircle2, Circle, X } from 'lucide-react'
import { fullName, hasAnyTime, isValidTimeZone, TRIAL_DAYS, type User } from '@app/core'
import { dashboardStatsQuery } from '../../api/dashboard.ts'
import { useOrganizationSettings, useUpdateOrganizationSettings } from '../../api/organization.ts'
import { useCurrentWeekTimesheet } from '../../api/timesheets.ts'
import { browserTimeZone } from '../../lib/browser.ts'
import { formatZoneName } from '../../lib/format.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card.tsx'
import { Dialog, DialogActions, DialogContent, DialogHeading } from '../ui/Dialog.tsx'
import { settingsPath } from '../settings/settings-pages.ts'

/**
 * What this browser remembers of the checklist, per user: dismissed, and the two steps that are
 * acts rather than data (the zone confirmed, the staff sign-in read). Kept in localStorage, so a
 * supervisor on another device sees it again until the steps there are done or it is dismissed.
 */
interface Remembered {
  dismissed?: boolean
  zoneConfirmed?: boolean
  /** The zone the checklist first showed: a different one since was set in Settings, which confirms it. */
  zoneAtStart?: string
  staffGuideSeen?: boolean
}
const storageKey = (userId: string) => `getting-started:${userId}`

const read = (userId: string): Remembered => {
  try {
    return JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}') as Remembered
  } catch {
    return {}
  }
}

function useRemembered(userId: string) {
  const [state, setState] = useState<Remembered>(() => read(userId))
  const update = useCallback(
    (change: Remembered) => {
      const next = { ...read(userId), ...change }
      try {
        localStorage.setItem(storageKey(userId), JSON.stringify(next))
      } catch {
        // Private mode without storage: the checklist still works for this visit.
      }
      setState(next)
    },
    [userId],
  )
  return [state, update] as const
}

/** A first run: an account younger than the free trial (14 days). Older supervisors never see the checklist. */
export const isFirstRun = (user: Pick<User, 'createdAt'>, now: Date = new Date()): boolean =>
  now.getTime() - new Date(user.createdAt).getTime() < TRIAL_DAYS * 24 * 60 * 60 * 1000

/**
 * The getting-started checklist for the supervisor who created the organization (the settings
 * answer says whether the one asking did: `firstSupervisor`), never for a co-supervisor added
 * later, whose church is already set up and whose browser's zone is no reason to move everyone's.
 * Each step is ticked from the organization's own data where there is one (the name changed from
 * the one sign-up gave, a member added, a timesheet of their own started), and it can be dismissed.
 */
export function GettingStarted({ user }: { user: User }) {
  const { t } = useTranslation('supervisor')
  const [remembered, remember] = useRemembered(user.id)
  const settings = useOrganizationSettings()
  const stats = useQuery(dashboardStatsQuery)
  const ownWeek = useCurrentWeekTimesheet()
  const updateSettings = useUpdateOrganizationSettings()
  const [confirmingZone, setConfirmingZone] = useState(false)
  const shownZone = settings.data?.timeZone
  // Not a read for the screen: the first zone shown is remembered, so a change in Settings ticks the step.
  useEffect(() => {
    if (shownZone && remembered.zoneAtStart === undefined && !remembered.dismissed) remember({ zoneAtStart: shownZone })
  }, [shownZone, remembered.zoneAtStart, remembered.dismissed, remember])
  if (remembered.dismissed || settings.data?.firstSupervisor !== true || !stats.data) return null

  const zone = settings.data.timeZone
  const zoneDone =
    remembered.zoneConfirmed === true || (remembered.zoneAtStart !== undefined && zone !== remembered.zoneAtStart)
  // Signed up without the browser's zone (a bookmarked /api/login): the browser's own is offered.
  const browserZone = browserTimeZone()
  const offerBrowserZone = !zoneDone && isValidTimeZone(browserZone) && browserZone !== zone
  const useBrowserZone = () =>
    updateSettings.mutate(
      { organizationName: settings.data!.organizationName, timeZone: browserZone },
      {
        onSuccess: () => {
          setConfirmingZone(false)
          remember({ zoneConfirmed: true })
        },
        onError: (error) => toastFailure(t('gettingStarted.zoneFailed'), error, t('gettingStarted.zoneFailed')),
      },
    )
  const ownSheet = ownWeek.data
  const steps: { id: string; done: boolean; title: string; detail: ReactNode }[] = [
    {
      id: 'name',
      done: settings.data.organizationName !== `${fullName(user)}'s Organization`,
      title: t('gettingStarted.name'),
      detail: <Link to={settingsPath('organization')}>{t('gettingStarted.openSettings')}</Link>,
    },
    {
      id: 'zone',
      done: zoneDone,
      title: t('gettingStarted.zone', { name: formatZoneName(zone), zone }),
      detail: (
        <span className="flex flex-wrap gap-x-3">
          {offerBrowserZone ? (
            // Moves every member's weeks: asked again in the app's dialog first.
            <button type="button" disabled={updateSettings.isPending} onClick={() => setConfirmingZone(true)}>
              {t('gettingStarted.useBrowserZone', { name: formatZoneName(browserZone), zone: browserZone })}
            </button>
          ) : null}
          <button type="button" onClick={() => remember({ zoneConfirmed: true })}>
            {t('gettingStarted.zoneRight')}
          </button>
          <Link to={settingsPath('organization')}>{t('gettingStarted.zoneChange')}</Link>
        </span>
      ),
    },
    {
      id: 'member',
      done: stats.data.activeEmployees > 0,
      title: t('gettingStarted.member'),
      detail: <Link to="/employees">{t('gettingStarted.openEmployees')}</Link>,
    },
    {
      id: 'staff-sign-in',
      done: remembered.staffGuideSeen === true,
      title: t('gettingStarted.staffSignIn'),
      detail: (
        <Link to="/staff-guide" onClick={() => remember({ staffGuideSeen: true })}>
          {t('gettingStarted.readGuide')}
        </Link>
      ),
    },
    {
      id: 'timesheet',
      done: ownSheet !== undefined && (ownSheet.status !== 'draft' || hasAnyTime(ownSheet)),
      title: t('gettingStarted.timesheet'),
      detail: <Link to="/submit-timesheet">{t('gettingStarted.fillWeek')}</Link>,
    },
  ]
  const done = steps.filter((s) => s.done).length

  return (
    <Card role="region" aria-labelledby="getting-started-title">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div>
          <CardTitle id="getting-started-title">{t('gettingStarted.title')}</CardTitle>
          <p className="text-sm text-slate-600">{t('gettingStarted.progress', { done, total: steps.length })}</p>
          <Link
            to={settingsPath('setup')}
            className="inline-flex min-h-11 items-center text-sm text-indigo-700 underline"
          >
            {t('gettingStarted.setupGuide')}
          </Link>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('gettingStarted.dismissLabel')}
          title={t('dashboard.recent.dismiss')}
          onClick={() => remember({ dismissed: true })}
        >
          <X aria-hidden />
        </Button>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3">
          {steps.map((s) => (
            <li key={s.id} className="flex items-start gap-3" data-step={s.id} data-done={s.done}>
              {s.done ? (
                <CheckCircle2
                  className="mt-0.5 size-5 shrink-0 text-green-700"
                  aria-label={t('gettingStarted.done')}
                  role="img"
                />
              ) : (
                <Circle
                  className="mt-0.5 size-5 shrink-0 text-slate-400"
                  aria-label={t('gettingStarted.notDone')}
                  role="img"
                />
              )}
              <div className="min-w-0 space-y-0.5 text-sm">
                <p className={s.done ? 'text-slate-600 line-through' : 'font-medium text-slate-900'}>{s.title}</p>
                {s.done ? null : (
                  <div className="text-indigo-700 [&_a]:inline-flex [&_a]:min-h-11 [&_a]:items-center [&_a]:underline [&_button]:inline-flex [&_button]:min-h-11 [&_button]:items-center [&_button]:underline">
                    {s.detail}
                  </div>
                )}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
      <Dialog
        open={confirmingZone}
        onOpenChange={(open) => (updateSettings.isPending ? undefined : setConfirmingZone(open))}
      >
        {confirmingZone ? (
          <DialogContent>
            <DialogHeading title={t('gettingStarted.zoneConfirmTitle')}>
              {t('gettingStarted.zoneConfirmText', {
                name: formatZoneName(browserZone),
                zone: browserZone,
                current: formatZoneName(zone),
                currentZone: zone,
              })}
            </DialogHeading>
            <DialogActions
              pending={updateSettings.isPending}
              label={t('gettingStarted.zoneConfirm')}
              busyLabel={t('gettingStarted.zoneChanging')}
              onClick={useBrowserZone}
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  )
}

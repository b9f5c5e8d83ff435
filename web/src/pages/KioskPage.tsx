import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { nowHHMM } from '@app/core'
import { errorMessage } from '../api/client.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { infoQuery, membersQuery, notAKiosk } from '../components/kiosk/kiosk-reads.ts'
import { KioskNames } from '../components/kiosk/KioskNames.tsx'
import { Confirmation, OfflineBanner, Refused } from '../components/kiosk/KioskNotices.tsx'
import { PinPad } from '../components/kiosk/PinPad.tsx'
import { useKioskPunch } from '../components/kiosk/use-kiosk-punch.ts'
import { LanguageSwitcher } from '../components/LanguageSwitcher.tsx'
import { Button } from '../components/ui/Button.tsx'
import { ErrorState } from '../components/ui/ErrorState.tsx'
import { LoadingState } from '../components/ui/LoadingState.tsx'
import { PRODUCT_LOGO_URL } from '../lib/product.ts'
import { dismissRefused } from '../offline/kiosk-queue.ts'

/**
 * The kiosk, for a shared tablet and a finger: tap a name (or search for it), enter the PIN, tap
 * Clock In or Clock Out, and a large confirmation shows for 5 seconds. With no connection the punch
 * is kept on the tablet with the time it was made and sent, in order, once the server answers again
 * (the PIN is checked then: a refusal is listed here for a person to pass on). Every time it shows
 * is in the organization's time zone (kept on the tablet for offline use), whatever the tablet's.
 */
export function KioskPage() {
  const { t } = useTranslation('staff')
  const members = useQuery(membersQuery)
  const info = useQuery(infoQuery)
  // The organization's zone; the tablet's own only until the kiosk has ever read it.
  const zone = info.data?.timeZone
  // Until when the kiosk is locked, as the server last said; read again as the lock ends.
  const lockedUntil = info.data?.lockedUntil ?? null
  const { refetch: refetchInfo } = info
  useEffect(() => {
    if (!lockedUntil) return
    const timer = setTimeout(() => void refetchInfo(), Math.max(0, Date.parse(lockedUntil) - Date.now()) + 1000)
    return () => clearTimeout(timer)
  }, [lockedUntil, refetchInfo])
  const kiosk = useKioskPunch({
    zone,
    onNotAKiosk: () => void members.refetch(),
    onLocked: () => void refetchInfo(),
  })
  const { step } = kiosk

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <DocumentTitle title={t('kiosk.title')} />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-2">
            <img src={PRODUCT_LOGO_URL} alt="" className="size-8" width={32} height={32} />
            <h1 className="text-xl font-bold sm:text-2xl">{t('kiosk.heading')}</h1>
          </div>
          <div className="text-sm">
            <LanguageSwitcher />
          </div>
        </div>
      </header>
      {/* The confirmation is said aloud from here: a live region present from the start is announced reliably. */}
      <p role="status" aria-live="polite" className="sr-only">
        {kiosk.announcement}
      </p>
      <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-4 px-4 py-6">
        <OfflineBanner online={kiosk.online} waiting={kiosk.waiting} />
        {lockedUntil ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-lg font-semibold text-red-900">
            {t('kiosk.kioskLockedUntil', { time: nowHHMM(new Date(lockedUntil), zone) })}
          </p>
        ) : null}
        {kiosk.refused.length ? <Refused refused={kiosk.refused} zone={zone} onDismiss={dismissRefused} /> : null}
        {step.kind === 'done' ? (
          <Confirmation answer={step.answer} onDevice={step.onDevice} onDone={kiosk.backToList} />
        ) : step.kind === 'pin' ? (
          <PinPad
            key={step.attempt}
            member={members.data?.find((m) => m.id === step.member.id) ?? step.member}
            busy={kiosk.busy}
            error={step.error}
            onSubmit={(pin) => void kiosk.punch(step.member, pin)}
            onBack={kiosk.backToList}
          />
        ) : members.data ? (
          <KioskNames members={members.data} onChoose={kiosk.choose} />
        ) : members.isLoading ? (
          <LoadingState label={t('kiosk.loading')} />
        ) : members.data === null || notAKiosk(members.error) ? (
          <div className="mx-auto max-w-md space-y-3 text-center">
            <h2 className="text-2xl font-bold">{t('kiosk.notKioskTitle')}</h2>
            <p className="text-base text-slate-700">{t('kiosk.notKiosk')}</p>
            <Button asChild variant="outline">
              <a href="/">{t('kiosk.goHome')}</a>
            </Button>
          </div>
        ) : (
          <ErrorState
            message={errorMessage(members.error, t('kiosk.loadError'))}
            retryLabel={t('kiosk.retry')}
            onRetry={() => void members.refetch()}
          />
        )}
      </main>
    </div>
  )
}

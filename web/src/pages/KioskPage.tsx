import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { CloudOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { nowHHMM, type KioskInfo, type KioskMember, type KioskMembers, type PunchAnswer } from '@app/core'
import { ApiError, errorKey, errorMessage, getQueryFn, isNetworkError } from '../api/client.ts'
import { sendPunch } from '../api/kiosk.ts'
import { kioskKeys } from '../api/keys.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { kioskName, PinPad } from '../components/kiosk/PinPad.tsx'
import { LanguageSwitcher } from '../components/LanguageSwitcher.tsx'
import { Avatar } from '../components/ui/Avatar.tsx'
import { Button } from '../components/ui/Button.tsx'
import { ErrorState } from '../components/ui/ErrorState.tsx'
import { inputClasses } from '../components/ui/Input.tsx'
import { LoadingState } from '../components/ui/LoadingState.tsx'
import { formatTime } from '../lib/format.ts'
import { cn } from '../lib/cn.ts'
import { PRODUCT_LOGO_URL } from '../lib/product.ts'
import { useOnline } from '../offline/connection.ts'
import {
  dismissRefused,
  enqueuePunch,
  keepInfo,
  keepMembers,
  keptInfo,
  keptMembers,
  syncPunchesOnce,
  usePunchQueue,
  type RefusedPunch,
} from '../offline/kiosk-queue.ts'

/** How long the confirmation stays before the names come back. */
export const CONFIRMATION_MS = 5000
/** How often a kiosk with punches waiting tries to send them (the browser may think it is online when it is not). */
const RETRY_MS = 30_000
/** How often the names' clocked-in state is read again while the kiosk waits. */
const REFRESH_MS = 60_000

/** The device's store failing (no IndexedDB) must never fail the kiosk while it is online. */
const quietly = async <T,>(task: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await task()
  } catch {
    return undefined
  }
}

/** A 401 here (no session, or the kiosk was revoked) is an answer, null: not a kiosk (and not the sign-in redirect of other reads). */
const readMembers = getQueryFn<KioskMembers | null>({ on401: 'returnNull' })

/** GET /api/kiosk/members, kept on the tablet: with no network at all, the names it last had. */
const membersQuery = {
  queryKey: kioskKeys.members,
  queryFn: async (context: Parameters<typeof readMembers>[0]) => {
    try {
      const members = await readMembers(context)
      if (members) void quietly(() => keepMembers(members))
      return members
    } catch (error) {
      const kept = isNetworkError(error) ? await quietly(keptMembers) : undefined
      if (kept) return kept
      throw error
    }
  },
  networkMode: 'always' as const,
  retry: false,
  refetchInterval: REFRESH_MS,
}

const readInfo = getQueryFn<KioskInfo | null>({ on401: 'returnNull' })

/** GET /api/kiosk (the organization's time zone, the kiosk's lock), kept on the tablet for offline use. */
const infoQuery = {
  queryKey: kioskKeys.info,
  queryFn: async (context: Parameters<typeof readInfo>[0]) => {
    try {
      const info = await readInfo(context)
      if (info) void quietly(() => keepInfo(info))
      return info
    } catch (error) {
      const kept = isNetworkError(error) ? await quietly(keptInfo) : undefined
      if (kept) return kept
      throw error
    }
  },
  networkMode: 'always' as const,
  retry: false,
  refetchInterval: REFRESH_MS,
}

/** A punch made offline flips the member's state on the tablet, so their next punch does the other. */
const flipMember = (queryClient: QueryClient, employeeId: string) => {
  const members = queryClient.setQueryData<KioskMembers>(kioskKeys.members, (list) =>
    list?.map((m) => (m.id === employeeId ? { ...m, clockedIn: !m.clockedIn } : m)),
  )
  if (members) void quietly(() => keepMembers(members))
}

type Step =
  | { kind: 'list' }
  | { kind: 'pin'; member: KioskMember; error: string | null; attempt: number }
  | { kind: 'done'; answer: PunchAnswer; onDevice: boolean }

const pinStep = (member: KioskMember, error: string | null = null): Step => ({
  kind: 'pin',
  member,
  error,
  attempt: Date.now(),
})

/** Whether a failed read means this browser is no kiosk (signed out, revoked, or a member's own session). */
const notAKiosk = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403)

/**
 * The kiosk, for a shared tablet and a finger: tap a name (or search for it), enter the PIN, tap
 * Clock In or Clock Out, and a large confirmation shows for 5 seconds. With no connection the punch
 * is kept on the tablet with the time it was made and sent, in order, once the server answers again
 * (the PIN is checked then: a refusal is listed here for a person to pass on). Every time it shows
 * is in the organization's time zone (kept on the tablet for offline use), whatever the tablet's.
 */
export function KioskPage() {
  const { t } = useTranslation('staff')
  const queryClient = useQueryClient()
  const online = useOnline()
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
  const [step, setStep] = useState<Step>({ kind: 'list' })
  const [busy, setBusy] = useState(false)
  const { waiting, refused } = usePunchQueue()
  const [announcement, setAnnouncement] = useState('')

  /** Sends what waits on the tablet, in order; the names follow the server's answers. Answers how many still wait. */
  const sync = useCallback(async () => {
    const result = await syncPunchesOnce(sendPunch)
    if (result.sent || result.refused.length) void queryClient.invalidateQueries({ queryKey: kioskKeys.members })
    return result.waiting
  }, [queryClient])

  useEffect(() => {
    if (online) void sync()
  }, [online, sync])
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => void sync(), RETRY_MS)
    return () => clearInterval(timer)
  }, [waiting, sync])

  const confirm = (answer: PunchAnswer, onDevice: boolean) => {
    const text = t(answer.action === 'in' ? 'kiosk.clockedInAt' : 'kiosk.clockedOutAt', {
      time: formatTime(answer.time),
      name: answer.firstName,
    })
    setAnnouncement(onDevice ? `${text}. ${t('kiosk.savedOnDevice')}` : text)
    setStep({ kind: 'done', answer, onDevice })
  }

  const punch = async (member: KioskMember, pin: string) => {
    const made = new Date()
    const keepOnDevice = async () => {
      const action = member.clockedIn ? 'out' : 'in'
      await enqueuePunch({ employeeId: member.id, pin, at: made.toISOString(), name: kioskName(member), action })
      flipMember(queryClient, member.id)
      confirm({ action, time: nowHHMM(made, zone), firstName: member.firstName }, true)
    }
    setBusy(true)
    try {
      // Punches already waiting go first, so the server sees them all in the order they were made.
      if ((await sync()) > 0) return await keepOnDevice()
      const answer = await sendPunch({ employeeId: member.id, pin })
      void queryClient.invalidateQueries({ queryKey: kioskKeys.members })
      confirm(answer, false)
    } catch (error) {
      if (isNetworkError(error)) {
        await keepOnDevice().catch(() => setStep(pinStep(member, t('kiosk.failed'))))
        return
      }
      if (notAKiosk(error) && !(error instanceof ApiError && error.status === 401 && error.body.includes('wrongPin'))) {
        void members.refetch()
        setStep({ kind: 'list' })
        return
      }
      const kioskLocked = errorKey(error) === 'kioskLocked'
      if (kioskLocked) void refetchInfo()
      const message = kioskLocked
        ? t('kiosk.kioskLocked')
        : error instanceof ApiError && error.status === 429
          ? t('kiosk.locked')
          : error instanceof ApiError && error.status === 401
            ? t('kiosk.wrongPin')
            : errorMessage(error, t('kiosk.failed'))
      setAnnouncement('')
      setStep(pinStep(member, message))
    } finally {
      setBusy(false)
    }
  }

  const backToList = useCallback(() => setStep({ kind: 'list' }), [])
  useEffect(() => {
    if (step.kind !== 'done') return
    const timer = setTimeout(backToList, CONFIRMATION_MS)
    return () => clearTimeout(timer)
  }, [step, backToList])

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
        {announcement}
      </p>
      <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-4 px-4 py-6">
        {!online || waiting > 0 ? (
          <div className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-base text-amber-950">
            <CloudOff aria-hidden className="size-5 shrink-0" />
            <span>
              {!online ? t('kiosk.offline') : null}
              {!online && waiting > 0 ? ' · ' : null}
              {waiting > 0 ? t('kiosk.waiting', { count: waiting }) : null}
            </span>
          </div>
        ) : null}
        {lockedUntil ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-lg font-semibold text-red-900">
            {t('kiosk.kioskLockedUntil', { time: formatTime(nowHHMM(new Date(lockedUntil), zone)) })}
          </p>
        ) : null}
        {refused.length ? <Refused refused={refused} zone={zone} onDismiss={dismissRefused} /> : null}
        {step.kind === 'done' ? (
          <Confirmation answer={step.answer} onDevice={step.onDevice} onDone={backToList} />
        ) : step.kind === 'pin' ? (
          <PinPad
            key={step.attempt}
            member={members.data?.find((m) => m.id === step.member.id) ?? step.member}
            busy={busy}
            error={step.error}
            onSubmit={(pin) => void punch(step.member, pin)}
            onBack={backToList}
          />
        ) : members.data ? (
          <Names
            members={members.data}
            onChoose={(member) => {
              setAnnouncement('')
              setStep(pinStep(member))
            }}
          />
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

/** Folds case and accents, so 'jose' finds José. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

function Names({ members, onChoose }: { members: KioskMembers; onChoose: (member: KioskMember) => void }) {
  const { t } = useTranslation('staff')
  const id = useId()
  const [search, setSearch] = useState('')
  const wanted = fold(search.trim())
  const shown = wanted ? members.filter((m) => fold(kioskName(m)).includes(wanted)) : members
  if (!members.length) return <p className="text-center text-lg text-slate-700">{t('kiosk.none')}</p>
  return (
    <div className="space-y-4">
      <p className="text-lg text-slate-700">{t('kiosk.intro')}</p>
      <div className="space-y-1.5">
        <label htmlFor={id} className="text-base font-medium">
          {t('kiosk.search')}
        </label>
        <input
          id={id}
          type="search"
          value={search}
          autoComplete="off"
          placeholder={t('kiosk.searchPlaceholder')}
          onChange={(e) => setSearch(e.target.value)}
          className={cn(inputClasses, 'min-h-14 text-lg')}
        />
      </div>
      {shown.length ? (
        <ul aria-label={t('kiosk.namesLabel')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {shown.map((member) => (
            <li key={member.id}>
              <button
                type="button"
                onClick={() => onChoose(member)}
                className={cn(
                  'flex min-h-28 w-full flex-col items-center justify-center gap-2 rounded-xl border-2 bg-white p-3 text-center shadow-sm active:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                  member.clockedIn ? 'border-green-600' : 'border-slate-200',
                )}
              >
                <Avatar
                  src={member.profileImageUrl}
                  fallback={`${member.firstName.charAt(0)}${member.lastInitial}`}
                  className="size-14 text-lg"
                />
                <span className="text-xl font-semibold break-words">{kioskName(member)}</span>
                {member.clockedIn ? (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-sm font-medium text-green-900">
                    {t('kiosk.clockedIn')}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-lg text-slate-700">{t('kiosk.noMatch', { search: search.trim() })}</p>
      )}
    </div>
  )
}

function Confirmation({ answer, onDevice, onDone }: { answer: PunchAnswer; onDevice: boolean; onDone: () => void }) {
  const { t } = useTranslation('staff')
  const done = useRef<HTMLButtonElement>(null)
  useEffect(() => done.current?.focus(), [])
  return (
    <div
      className={cn(
        'mx-auto flex w-full max-w-2xl flex-col items-center gap-6 rounded-2xl border-2 p-8 text-center',
        answer.action === 'in' ? 'border-green-600 bg-green-50' : 'border-indigo-600 bg-indigo-50',
      )}
    >
      <p className="text-3xl font-bold text-slate-900 sm:text-5xl" data-testid="kiosk-confirmation">
        {t(answer.action === 'in' ? 'kiosk.clockedInAt' : 'kiosk.clockedOutAt', {
          time: formatTime(answer.time),
          name: answer.firstName,
        })}
      </p>
      {onDevice ? <p className="text-lg text-slate-800">{t('kiosk.savedOnDevice')}</p> : null}
      <p className="text-base text-slate-700">{t('kiosk.backSoon')}</p>
      <Button ref={done} size="lg" className="min-h-14 min-w-40 text-lg" onClick={onDone}>
        {t('kiosk.done')}
      </Button>
    </div>
  )
}

function Refused({
  refused,
  zone,
  onDismiss,
}: {
  refused: RefusedPunch[]
  zone: string | undefined
  onDismiss: () => void
}) {
  const { t } = useTranslation('staff')
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-base text-red-900">
      <p className="font-semibold">{t('kiosk.refusedTitle')}</p>
      <ul className="list-disc space-y-1 pl-5">
        {refused.map((r) => (
          <li key={r.seq}>
            {t('kiosk.refused', {
              name: r.name,
              action: t(r.action === 'in' ? 'kiosk.refusedIn' : 'kiosk.refusedOut'),
              time: formatTime(nowHHMM(new Date(r.at), zone)),
              message: r.message,
            })}
          </li>
        ))}
      </ul>
      <Button variant="outline" size="sm" onClick={onDismiss}>
        {t('kiosk.dismiss')}
      </Button>
    </div>
  )
}

import { useEffect, useRef } from 'react'
import { CloudOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { nowHHMM, type PunchAnswer } from '@app/core'
import { cn } from '../../lib/cn.ts'
import type { RefusedPunch } from '../../offline/kiosk-queue.ts'
import { Button } from '../ui/Button.tsx'

/** 'Clocked in at 09:02, Ada' (or out): the confirmation's words, shown and said aloud. */
export const punchText = (t: (key: string, values: Record<string, string>) => string, answer: PunchAnswer) =>
  t(answer.action === 'in' ? 'kiosk.clockedInAt' : 'kiosk.clockedOutAt', {
    time: answer.time,
    name: answer.firstName,
  })

/** No connection, or punches waiting on the tablet to be sent. */
export function OfflineBanner({ online, waiting }: { online: boolean; waiting: number }) {
  const { t } = useTranslation('staff')
  if (online && waiting === 0) return null
  return (
    <div className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-base text-amber-950">
      <CloudOff aria-hidden className="size-5 shrink-0" />
      <span>
        {!online ? t('kiosk.offline') : null}
        {!online && waiting > 0 ? ' · ' : null}
        {waiting > 0 ? t('kiosk.waiting', { count: waiting }) : null}
      </span>
    </div>
  )
}

/** The large confirmation of a punch, with Done (which has the focus). */
export function Confirmation({
  answer,
  onDevice,
  onDone,
}: {
  answer: PunchAnswer
  onDevice: boolean
  onDone: () => void
}) {
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
        {punchText(t, answer)}
      </p>
      {onDevice ? <p className="text-lg text-slate-800">{t('kiosk.savedOnDevice')}</p> : null}
      <p className="text-base text-slate-700">{t('kiosk.backSoon')}</p>
      <Button ref={done} size="lg" className="min-h-14 min-w-40 text-lg" onClick={onDone}>
        {t('kiosk.done')}
      </Button>
    </div>
  )
}

/** Punches kept offline that the server refused once sent: listed for a person to pass on. */
export function Refused({
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
              time: nowHHMM(new Date(r.at), zone),
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

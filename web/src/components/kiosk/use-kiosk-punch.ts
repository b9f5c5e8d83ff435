import { useCallback, useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { nowHHMM, type KioskMember, type PunchAnswer } from '@app/core'
import { ApiError, errorKey, errorMessage, isNetworkError } from '../../api/client.ts'
import { kioskKeys } from '../../api/keys.ts'
import { sendPunch } from '../../api/kiosk.ts'
import { useOnline } from '../../offline/connection.ts'
import { enqueuePunch, syncPunchesOnce, usePunchQueue } from '../../offline/kiosk-queue.ts'
import { flipMember, notAKiosk } from './kiosk-reads.ts'
import { punchText } from './KioskNotices.tsx'
import { kioskName } from './PinPad.tsx'

/** How long the confirmation stays before the names come back. */
export const CONFIRMATION_MS = 5000
/** How often a kiosk with punches waiting tries to send them (the browser may think it is online when it is not). */
const RETRY_MS = 30_000

export type KioskStep =
  | { kind: 'list' }
  | { kind: 'pin'; member: KioskMember; error: string | null; attempt: number }
  | { kind: 'done'; answer: PunchAnswer; onDevice: boolean }

const pinStep = (member: KioskMember, error: string | null = null): KioskStep => ({
  kind: 'pin',
  member,
  error,
  attempt: Date.now(),
})

/**
 * The kiosk's steps (names, PIN, confirmation) and its punches: sent at once, or with no connection
 * kept on the tablet with the time they were made and sent, in order, once the server answers again.
 * `zone` is the organization's; `onNotAKiosk` reads the names again when the server says this is no
 * kiosk, `onLocked` reads the kiosk's lock again when the server says it is locked.
 */
export function useKioskPunch({
  zone,
  onNotAKiosk,
  onLocked,
}: {
  zone: string | undefined
  onNotAKiosk: () => void
  onLocked: () => void
}) {
  const { t } = useTranslation('staff')
  const queryClient = useQueryClient()
  const online = useOnline()
  const [step, setStep] = useState<KioskStep>({ kind: 'list' })
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
    const text = punchText(t, answer)
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
        onNotAKiosk()
        setStep({ kind: 'list' })
        return
      }
      const kioskLocked = errorKey(error) === 'kioskLocked'
      if (kioskLocked) onLocked()
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

  const choose = (member: KioskMember) => {
    setAnnouncement('')
    setStep(pinStep(member))
  }

  return { online, step, busy, waiting, refused, announcement, punch, choose, backToList }
}

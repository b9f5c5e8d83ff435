import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fullName, isPaidMember, TIME_OFF_KINDS, TimeOffAdjustment, type TimeOffKind, type User } from '@app/core'
import { useMembers } from '../../api/members.ts'
import { useAdjustBalance } from '../../api/time-off.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { useKindName } from '../time-off/time-off-parts.tsx'
import { Button } from '../ui/Button.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { FormField } from '../ui/FormField.tsx'
import { Input } from '../ui/Input.tsx'

type Hours = Record<string, string>
const cell = (memberId: string, kind: TimeOffKind) => `${memberId}#${kind}`

/**
 * Opening balances, offered once the policies are saved: every balance starts at 0, and a church
 * moving to the product brings what each member has already earned. One adjustment per member and
 * kind (POST /api/time-off/adjustments, so each has its ledger entry and audit record), with one
 * reason for all; empty and 0 cells send nothing. Cells already sent are cleared, so a failure
 * part way (its message shown) can be fixed and saved again without granting anything twice.
 */
export function OpeningBalancesForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('supervisor')
  const kindName = useKindName()
  const members = (useMembers().data ?? []).filter((m: User) => isPaidMember(m))
  const adjust = useAdjustBalance()
  const [hours, setHours] = useState<Hours>({})
  const [reason, setReason] = useState(() => t('settings.timeOff.opening.defaultReason'))
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const entries = members.flatMap((m) =>
    TIME_OFF_KINDS.flatMap((kind) => {
      const text = (hours[cell(m.id, kind)] ?? '').trim()
      return text === '' || Number(text) === 0 ? [] : [{ member: m, kind, text }]
    }),
  )

  const save = async () => {
    setProblem(null)
    const parsed = entries.map((e) => ({
      ...e,
      check: TimeOffAdjustment.safeParse({ employeeId: e.member.id, kind: e.kind, hours: Number(e.text), reason }),
    }))
    const bad = parsed.find((p) => !p.check.success)
    if (bad && !bad.check.success) {
      setProblem(`${fullName(bad.member)}, ${kindName(bad.kind)}: ${bad.check.error.issues[0]?.message ?? ''}`)
      return
    }
    if (parsed.length === 0) {
      setProblem(t('settings.timeOff.opening.nothing'))
      return
    }
    setBusy(true)
    let sent = 0
    try {
      for (const p of parsed) {
        if (!p.check.success) continue
        await adjust.mutateAsync(p.check.data)
        sent++
        setHours((h) => ({ ...h, [cell(p.member.id, p.kind)]: '' }))
      }
      toast({
        title: t('settings.timeOff.opening.savedTitle'),
        description: t('settings.timeOff.opening.saved', { count: sent }),
      })
      onDone()
    } catch (error) {
      toastFailure(
        t('settings.timeOff.opening.failedTitle'),
        error,
        t('settings.timeOff.opening.failed', { count: sent }),
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="opening-balances-title" className="space-y-4 rounded-md border border-slate-200 p-4">
      <h3 id="opening-balances-title" className="font-semibold text-slate-900">
        {t('settings.timeOff.opening.title')}
      </h3>
      <p className="text-sm text-slate-600">{t('settings.timeOff.opening.intro')}</p>
      <FormAlert message={problem} />
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('settings.timeOff.opening.title')}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-2 pr-3 text-left font-medium text-slate-700">
                {t('settings.timeOff.opening.member')}
              </th>
              {TIME_OFF_KINDS.map((kind) => (
                <th key={kind} scope="col" className="px-1 py-2 text-left font-medium text-slate-700">
                  {kindName(kind)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id} className="border-t border-slate-100">
                <th scope="row" className="py-2 pr-3 text-left font-normal break-words text-slate-900">
                  {fullName(m)}
                </th>
                {TIME_OFF_KINDS.map((kind) => (
                  <td key={kind} className="px-1 py-2">
                    <Input
                      type="number"
                      inputMode="decimal"
                      step="0.25"
                      className="w-24"
                      aria-label={t('settings.timeOff.opening.cellLabel', { name: fullName(m), kind: kindName(kind) })}
                      value={hours[cell(m.id, kind)] ?? ''}
                      disabled={busy}
                      onChange={(e) => setHours((h) => ({ ...h, [cell(m.id, kind)]: e.target.value }))}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormField id="opening-reason" label={t('settings.timeOff.opening.reason')}>
        <Input id="opening-reason" value={reason} disabled={busy} onChange={(e) => setReason(e.target.value)} />
      </FormField>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => void save()} busy={busy} busyLabel={t('settings.timeOff.opening.saving')}>
          {t('settings.timeOff.opening.save')}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {t('settings.timeOff.opening.later')}
        </Button>
      </div>
    </section>
  )
}

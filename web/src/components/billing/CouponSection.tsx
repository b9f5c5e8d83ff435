import { useId, useState } from 'react'
import { TicketPercent, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useValidateCoupon } from '../../api/billing.ts'
import { errorMessage } from '../../api/client.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/Button.tsx'
import { Input } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { Spinner } from '../ui/Spinner.tsx'

export interface AppliedCoupon {
  code: string
  name: string
  description: string
}

interface CouponSectionProps {
  applied: AppliedCoupon | null
  onApply: (coupon: AppliedCoupon) => void
  onRemove: () => void
}

/**
 * Spec sections 4, 5 and 8: not applied, applying, applied (removable). The code is trimmed; a
 * valid one is handed up so checkout is made again with it.
 */
export function CouponSection({ applied, onApply, onRemove }: CouponSectionProps) {
  const { t } = useTranslation('supervisor')
  const inputId = useId()
  const [code, setCode] = useState('')
  const validate = useValidateCoupon()
  const trimmed = code.trim()

  const apply = () => {
    if (validate.isPending) return
    if (!trimmed) {
      toast({ title: t('billing.coupon.enterTitle'), description: t('billing.coupon.enter'), variant: 'destructive' })
      return
    }
    validate.mutate(trimmed, {
      onSuccess: (answer) => {
        if (answer.valid && answer.discount) {
          onApply({ code: trimmed, ...answer.discount })
          setCode('')
          toast({ title: t('billing.coupon.appliedTitle'), description: t('billing.coupon.applied', answer.discount) })
        } else {
          toast({
            title: t('billing.coupon.invalidTitle'),
            description: answer.message || t('billing.coupon.invalid'),
            variant: 'destructive',
          })
        }
      },
      onError: (error) =>
        toast({
          title: t('billing.coupon.errorTitle'),
          description: errorMessage(error, t('billing.coupon.error')),
          variant: 'destructive',
        }),
    })
  }

  const remove = () => {
    onRemove()
    toast({ title: t('billing.coupon.removedTitle'), description: t('billing.coupon.removed') })
  }

  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      <Label htmlFor={applied ? undefined : inputId} className="flex items-center gap-2">
        <TicketPercent className="size-4 text-indigo-600" aria-hidden />
        {t('billing.coupon.question')}
      </Label>
      {applied ? (
        <div className="flex items-start gap-3 rounded-md border border-green-200 bg-green-50 p-3 text-sm">
          <div className="flex-1" data-testid="applied-coupon">
            <p className="font-semibold text-green-900">{applied.name}</p>
            <p className="text-green-800">{applied.description}</p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="-my-2 -mr-2"
            aria-label={t('billing.coupon.remove', { name: applied.name })}
            onClick={remove}
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : (
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={code}
            placeholder={t('billing.coupon.placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                apply()
              }
            }}
          />
          <Button variant="outline" disabled={validate.isPending || !trimmed} onClick={apply}>
            {validate.isPending ? <Spinner /> : null}
            {t('billing.coupon.apply')}
          </Button>
        </div>
      )}
    </div>
  )
}

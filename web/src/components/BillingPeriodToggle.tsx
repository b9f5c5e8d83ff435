import { ToggleGroup } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import type { BillingPeriod } from '@app/core'
import { cn } from '../lib/cn.ts'
import { useHydrated } from '../lib/hydrated.ts'

const itemClass = cn(
  'inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-medium text-slate-700',
  'focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
  'data-[state=on]:bg-white data-[state=on]:text-slate-900 data-[state=on]:shadow-sm',
)

/** Monthly or annual prices; annual is labelled 'Save 20%'. */
export function BillingPeriodToggle({
  value,
  onChange,
}: {
  value: BillingPeriod
  onChange: (period: BillingPeriod) => void
}) {
  const { t } = useTranslation('supervisor')
  const hydrated = useHydrated()
  return (
    <ToggleGroup.Root
      type="single"
      disabled={!hydrated}
      value={value}
      onValueChange={(next) => {
        if (next === 'monthly' || next === 'yearly') onChange(next)
      }}
      aria-label={t('billing.period.label')}
      className="inline-flex rounded-full bg-slate-100 p-1"
    >
      <ToggleGroup.Item value="monthly" className={itemClass}>
        {t('billing.period.monthly')}
      </ToggleGroup.Item>
      <ToggleGroup.Item value="yearly" className={itemClass}>
        {t('billing.period.annual')}
        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
          {t('billing.period.save')}
        </span>
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  )
}

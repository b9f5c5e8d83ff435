import { ToggleGroup } from 'radix-ui'
import type { BillingPeriod } from '@app/core'
import { cn } from '../lib/cn.ts'

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
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        if (next === 'monthly' || next === 'yearly') onChange(next)
      }}
      aria-label="Billing period"
      className="inline-flex rounded-full bg-slate-100 p-1"
    >
      <ToggleGroup.Item value="monthly" className={itemClass}>
        Monthly
      </ToggleGroup.Item>
      <ToggleGroup.Item value="yearly" className={itemClass}>
        Annual
        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Save 20%</span>
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  )
}

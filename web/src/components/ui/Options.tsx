import { useTranslation } from 'react-i18next'
import type { DayName } from '@app/core'

/** A native <select>'s options: each value, shown as `label` names it. */
export function Options<V extends string>({ values, label }: { values: readonly V[]; label: (value: V) => string }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ))
}

/** A native <select>'s options for things with an id: each shown by its name, or as `label` names it. */
export function ItemOptions<I extends { id: string; name: string }>({
  items,
  label = (item) => item.name,
}: {
  items: readonly I[]
  label?: (item: I) => string
}) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {label(item)}
    </option>
  ))
}

/** The options for `days`, each named in the reader's language. */
export function DayOptions({ days }: { days: readonly DayName[] }) {
  const { t } = useTranslation('supervisor')
  return <Options values={days} label={(day) => t(`audit.day.${day}`)} />
}

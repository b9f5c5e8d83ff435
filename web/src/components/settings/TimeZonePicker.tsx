import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import { ChevronDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { currentLocale } from '../../i18n.ts'
import { cn } from '../../lib/cn.ts'
import { describeZone, filterZones, timeZoneChoices, type ZoneChoice } from '../../lib/time-zones.ts'
import { inputClasses } from '../ui/Input.tsx'

export interface TimeZonePickerProps {
  id: string
  value: string
  onChange: (timeZone: string) => void
  disabled?: boolean
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

/** How many matches are listed at once: the first ones are what a person typed for. */
const SHOWN = 50

/**
 * The time-zone field: a searchable list (the ARIA 1.2 combobox pattern: type to filter, arrows
 * to move, Enter to pick, Escape to close), familiar zones first. Only a listed zone can be picked.
 */
export function TimeZonePicker({ id, value, onChange, disabled, ...aria }: TimeZonePickerProps) {
  const { t } = useTranslation('supervisor')
  const choices = useMemo(() => timeZoneChoices(value, currentLocale()), [value])
  const selected = choices.find((c) => c.id === value)
  const [query, setQuery] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const listId = useId()

  const matches = useMemo(() => filterZones(choices, query ?? '').slice(0, SHOWN), [choices, query])
  const optionId = (c: ZoneChoice) => `${listId}-${c.id.replace(/[^\w-]/g, '-')}`

  const close = () => {
    setOpen(false)
    setQuery(null)
  }
  const pick = (c: ZoneChoice) => {
    onChange(c.id)
    close()
  }
  const move = (to: number) => {
    const next = Math.max(0, Math.min(matches.length - 1, to))
    setActive(next)
    const item = matches[next]
    if (item) document.getElementById(optionId(item))?.scrollIntoView?.({ block: 'nearest' })
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      if (!open) {
        setOpen(true)
        setActive(
          Math.max(
            0,
            matches.findIndex((c) => c.id === value),
          ),
        )
        return
      }
      move(active + (e.key === 'ArrowDown' ? 1 : -1))
    } else if (e.key === 'Enter' && open) {
      // Enter picks the highlighted zone instead of submitting the form.
      e.preventDefault()
      const c = matches[active]
      if (c) pick(c)
    } else if (e.key === 'Escape' && open) {
      // Only the list closes: a dialog around the form stays open.
      e.preventDefault()
      e.stopPropagation()
      close()
    }
  }

  const activeChoice = open ? matches[active] : undefined
  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeChoice ? optionId(activeChoice) : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        className={cn(inputClasses, 'pr-9')}
        value={query ?? selected?.label ?? value}
        onChange={(e) => {
          setQuery(e.target.value)
          setActive(0)
          setOpen(true)
        }}
        // Focus empties the box for a search; the chosen zone stays readable as the placeholder.
        onFocus={() => setQuery('')}
        placeholder={selected?.label ?? value}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        {...aria}
      />
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('settings.form.timeZones')}
        hidden={!open}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {open && matches.length === 0 ? (
          <li role="presentation" className="px-3 py-2 text-slate-600">
            {t('settings.form.noZone')}
          </li>
        ) : (
          (open ? matches : []).map((c, i) => (
            <li
              key={c.id}
              id={optionId(c)}
              role="option"
              aria-selected={c.id === value}
              // mousedown, not click: the input keeps the focus, so its blur does not close the list first.
              onMouseDown={(e) => {
                e.preventDefault()
                pick(c)
              }}
              onMouseEnter={() => setActive(i)}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-2',
                i === active ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800',
              )}
            >
              <span>{c.label}</span>
              <span className="shrink-0 text-right text-xs text-slate-500">{describeZone(c.id, currentLocale())}</span>
            </li>
          ))
        )}
      </ul>
    </div>
  )
}

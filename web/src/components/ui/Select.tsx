import type { ComponentProps } from 'react'
import { Select as SelectPrimitive } from 'radix-ui'
import { Check, ChevronDown } from 'lucide-react'
import { cn } from '../../lib/cn.ts'

export const Select = SelectPrimitive.Root
export const SelectValue = SelectPrimitive.Value

export const SelectTrigger = ({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Trigger>) => (
  <SelectPrimitive.Trigger
    className={cn(
      'flex min-h-11 w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2',
      'text-base text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none sm:text-sm',
      'disabled:cursor-not-allowed disabled:opacity-60 data-[placeholder]:text-slate-400',
      className,
    )}
    {...props}
  >
    {children}
    <SelectPrimitive.Icon asChild>
      <ChevronDown className="size-4 text-slate-500" aria-hidden />
    </SelectPrimitive.Icon>
  </SelectPrimitive.Trigger>
)

export const SelectContent = ({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Content>) => (
  <SelectPrimitive.Portal>
    <SelectPrimitive.Content
      // The list opens below its trigger, as wide as it.
      position="popper"
      sideOffset={4}
      className={cn(
        'z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)]',
        'overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg',
        className,
      )}
      {...props}
    >
      <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
    </SelectPrimitive.Content>
  </SelectPrimitive.Portal>
)

export const SelectItem = ({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) => (
  <SelectPrimitive.Item
    className={cn(
      'relative flex min-h-10 cursor-default items-center rounded-sm py-2 pr-2 pl-8 text-sm text-slate-900 outline-none select-none',
      'data-[disabled]:opacity-50 data-[highlighted]:bg-indigo-50',
      className,
    )}
    {...props}
  >
    <span className="absolute left-2 inline-flex size-4 items-center justify-center">
      <SelectPrimitive.ItemIndicator>
        <Check className="size-4" aria-hidden />
      </SelectPrimitive.ItemIndicator>
    </span>
    <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
  </SelectPrimitive.Item>
)

/** A choice among fixed values with no label of its own on screen: `label` names it for screen readers. */
export function ChoiceSelect<V extends string>({
  label,
  value,
  choices,
  choiceLabel,
  onChange,
  className,
}: {
  label: string
  value: V
  choices: readonly V[]
  choiceLabel: (choice: V) => string
  onChange: (choice: V) => void
  /** The wrapper's width. */
  className?: string
}) {
  return (
    <div className={className}>
      <Select value={value} onValueChange={(v) => onChange(v as V)}>
        <SelectTrigger aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {choices.map((choice) => (
            <SelectItem key={choice} value={choice}>
              {choiceLabel(choice)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

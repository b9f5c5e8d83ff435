import { useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useFocusHandoff } from '../../lib/focus-handoff.ts'
import { QueryList, listTexts } from '../ui/QueryList.tsx'
import { SubmitRow } from '../ui/SubmitRow.tsx'
import { OneTimeSecret } from './OneTimeSecret.tsx'
import { SettingsSectionCard } from './SettingsSectionCard.tsx'

/**
 * A settings section of things made with a secret shown once (API tokens, webhooks): the secret
 * just made, the list with its four states (texts of the `texts` group), then the form that makes
 * one (`form`, told what was made).
 */
export function SecretListSection<Item extends { id: string }, Created>({
  texts,
  query,
  secretOf,
  secretTestId,
  row,
  form,
  ...card
}: Omit<ComponentProps<typeof SettingsSectionCard>, 'children' | 'contentClassName' | 'texts'> & {
  texts: 'apiTokens' | 'webhooks'
  query: { data: readonly Item[] | undefined; isLoading: boolean; error: unknown; refetch: () => unknown }
  /** The new secret's title and the secret. */
  secretOf: (created: Created) => { title: string; secret: string }
  secretTestId: string
  row: (item: Item) => ReactNode
  form: (onCreated: (created: Created) => void) => ReactNode
}) {
  const { t } = useTranslation('supervisor')
  const [created, setCreated] = useState<Created>()
  // Done goes with the secret it closes: the focus goes to the form's first field, to make another.
  const handOff = useFocusHandoff()
  const formBox = useRef<HTMLDivElement>(null)
  return (
    <SettingsSectionCard {...card} texts={texts} contentClassName="space-y-6">
      {created ? (
        <OneTimeSecret
          {...secretOf(created)}
          testId={secretTestId}
          texts={texts}
          onDone={() => {
            handOff(() => formBox.current?.querySelector('input, select, textarea'))
            setCreated(undefined)
          }}
        />
      ) : null}
      <QueryList query={query} items={query.data} {...listTexts(t, texts)}>
        {row}
      </QueryList>
      <div ref={formBox}>{form(setCreated)}</div>
    </SettingsSectionCard>
  )
}

/** A section's form that makes one: its fields, then its button, which names the form. */
export function CreateForm({
  label,
  busyLabel,
  busy,
  onSubmit,
  children,
}: {
  label: string
  busyLabel: string
  busy: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  children: ReactNode
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={label}>
      {children}
      <SubmitRow busy={busy} label={label} busyLabel={busyLabel} />
    </form>
  )
}

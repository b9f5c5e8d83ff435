import { Fragment, useLayoutEffect, useRef, type ComponentProps, type ReactNode } from 'react'
import { QueryContent } from './QueryList.tsx'

const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]'

/**
 * Draws `children` anew whenever `version` changes (a form started again from each saved answer)
 * and keeps the focus where it was. A remount drops the focus on the page's body, so a keyboard
 * user who pressed Save would lose their place: the focus goes to the new control of the same id,
 * or else at the same place among the new controls. Only a lost focus moves.
 */
export function Remounted({ version, children }: { version: string | number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const focused = useRef<{ id: string; index: number } | null>(null)
  useLayoutEffect(() => {
    const was = focused.current
    const active = document.activeElement
    if (!was || (active !== null && active !== document.body)) return
    const controls = box.current?.querySelectorAll<HTMLElement>(CONTROLS) ?? []
    const control = (was.id ? document.getElementById(was.id) : null) ?? controls[was.index]
    if (control && box.current?.contains(control)) control.focus()
  }, [version])
  return (
    <div
      ref={box}
      className="contents"
      onFocus={(event) => {
        const controls = [...(box.current?.querySelectorAll(CONTROLS) ?? [])]
        focused.current = { id: event.target.id, index: controls.indexOf(event.target) }
      }}
    >
      <Fragment key={version}>{children}</Fragment>
    </div>
  )
}

/**
 * A form of saved settings: its read's loading and error states, then the form, started again
 * from each saved answer.
 */
export function SavedForm<T>(props: ComponentProps<typeof QueryContent<T>>) {
  const { children: form, ...read } = props
  return (
    <QueryContent {...read}>
      {(saved) => <Remounted version={JSON.stringify(saved)}>{form(saved)}</Remounted>}
    </QueryContent>
  )
}

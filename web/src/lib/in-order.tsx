import { Fragment, useDeferredValue, useState, type ReactNode } from 'react'

/**
 * The most `n` has been in the calling component's life. What a screen has once shown stays shown:
 * a read that failed is asked again when another section starts watching it, and its loading state
 * then must not take away what was already on the screen.
 */
export function useHighest(n: number) {
  const [highest, setHighest] = useState(n)
  // Updating state while rendering: React renders again at once, before anything is shown.
  if (n > highest) setHighest(n)
  return Math.max(n, highest)
}

/**
 * The sections from the top down to the first whose reads are still on their way (that one shows
 * its own loading state), and never fewer than once shown: a section grows when its reads arrive,
 * and nothing under it is on the screen yet to be pushed down. Lighthouse counted the
 * dashboards' cards moving as layout shift, up to 0.5 on a staff member's.
 */
export function useInOrder(all: [key: string, section: ReactNode, loading: boolean][]) {
  // A section this member does not have (null) holds nothing up and is not the first.
  const sections = all.filter(([, section]) => section !== null)
  const ready = sections.findIndex(([, , loading]) => loading)
  const shown = useHighest(ready === -1 ? sections.length : ready + 1)
  // The first section is on the screen before the others are rendered, and they render in the
  // background, in slices React can pause for a tap: a staff member's Clock In does not wait for
  // their list of weeks (the installed app's warm start, the dashboards' blocking time).
  const rendered = useDeferredValue(shown, Math.min(shown, 1))
  return sections.slice(0, rendered).map(([key, section]) => <Fragment key={key}>{section}</Fragment>)
}

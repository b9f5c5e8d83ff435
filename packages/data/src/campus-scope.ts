import { inScope, wholeChurch, type ScopedActor } from '@app/core'
import type { DirectoryEntry } from './aggregates.ts'

/**
 * The one filter every list applies: a campus admin's lists hold only their campuses' members
 * (and what belongs to them), by the member directory read with the list; a whole-church
 * supervisor's are unchanged. `inScope` (core) is the rule.
 */
export const scopedDirectory = <D extends ReadonlyMap<string, DirectoryEntry>>(actor: ScopedActor, directory: D) =>
  wholeChurch(actor) ? directory : new Map([...directory].filter(([, entry]) => inScope(actor, entry)))

/**
 * Whether the actor reaches an item's member, for a paged read to keep (it reads on until its
 * page is full of them); undefined for a whole-church supervisor, whose pages keep everything.
 */
export const reachedBy = <T>(
  actor: ScopedActor,
  directory: ReadonlyMap<string, DirectoryEntry>,
  memberOf: (item: T) => string,
): ((item: T) => boolean) | undefined => {
  if (wholeChurch(actor)) return undefined
  return (item) => {
    const entry = directory.get(memberOf(item))
    return entry !== undefined && inScope(actor, entry)
  }
}

/** The items of a list (timesheets, requests, figures, members) whose member the actor reaches. */
export const inScopeOnly = <T>(
  actor: ScopedActor,
  directory: ReadonlyMap<string, DirectoryEntry>,
  items: readonly T[],
  memberOf: (item: T) => string,
): T[] => {
  const keep = reachedBy(actor, directory, memberOf)
  return keep ? items.filter(keep) : [...items]
}

import * as z from 'zod'
import { CAMPUS_ID_PATTERN, inScope, type ScopedActor } from './campus-scope.ts'
import { limitedText, requiredText } from './text-schemas.ts'
import { dashedWords, repeatedNamesAndIds, sameName } from './words.ts'

export * from './campus-scope.ts'

/**
 * Campuses: one church meeting in several places. An organization without campuses works as it
 * always did; once it has some, every member belongs to one (`campusId`) and a supervisor may be
 * limited to some (`campusIds`; none is the whole church). The rules here are the one place the
 * scope is decided: routes, lists and the member forms (and the member import and sync) use them.
 */

export const MAX_CAMPUSES = 50
export const CAMPUS_NAME_MAX_LENGTH = 80
export const CAMPUS_ADDRESS_MAX_LENGTH = 200

export const CAMPUS_ID_MESSAGE = 'Choose a campus'
export const CAMPUS_REQUIRED_MESSAGE = 'Choose the campus this member belongs to'
export const CAMPUS_UNKNOWN_MESSAGE = 'Choose a campus that exists and is active'
export const NO_CAMPUSES_MESSAGE = 'This church has no campuses yet; add them in Settings → Campuses'
export const CAMPUS_NAME_TWICE = 'Each campus name once'
export const CAMPUS_ID_TWICE = 'Each campus once'
export const CAMPUS_UNKNOWN_ID = 'Unknown campus'
export const CAMPUS_SCOPE_MESSAGE = 'Choose campuses that exist'
export const WHOLE_CHURCH_ONLY = 'Only a supervisor of the whole church can do this'
export const MEMBERS_START_AT_MESSAGE = 'Choose an active campus of the list for the members without one'

/** A campus's id as the server gives it: lowercase letters, digits and dashes. */
export const CampusId = z.string({ error: CAMPUS_ID_MESSAGE }).regex(CAMPUS_ID_PATTERN, CAMPUS_ID_MESSAGE)
export type CampusId = z.infer<typeof CampusId>

const campusFields = {
  name: requiredText('Campus name is required', CAMPUS_NAME_MAX_LENGTH, 'Campus name must be at most 80 characters'),
  address: limitedText('Address', CAMPUS_ADDRESS_MAX_LENGTH),
  active: z.boolean({ error: 'active must be true or false' }),
}

/** One campus, as `GET /api/organization/campuses` answers it. */
export const Campus = z.object({ id: CampusId, ...campusFields })
export type Campus = z.infer<typeof Campus>

/** A campus in `PUT /api/organization/campuses`: `id` omitted for a new one. */
export const CampusInput = z.object({ id: CampusId.optional(), ...campusFields })
export type CampusInput = z.infer<typeof CampusInput>

/** The body of `PUT /api/organization/campuses`: the whole list, names unique, ids once. */
export const CampusesUpdate = z
  .object({
    campuses: z
      .array(CampusInput, { error: 'campuses must be a list' })
      .max(MAX_CAMPUSES, `At most ${MAX_CAMPUSES} campuses`),
    /**
     * The name of the campus (one of the list's, active) that the members without a campus start
     * at; absent, the list's first active campus (`startingCampus`).
     */
    membersStartAt: z.string({ error: MEMBERS_START_AT_MESSAGE }).trim().optional(),
  })
  .superRefine(({ campuses, membersStartAt }, ctx) => {
    for (const [i, field] of repeatedNamesAndIds(campuses))
      ctx.addIssue({
        code: 'custom',
        message: field === 'name' ? CAMPUS_NAME_TWICE : CAMPUS_ID_TWICE,
        path: ['campuses', i, field],
      })
    if (membersStartAt !== undefined && startingCampus(campuses, membersStartAt) === undefined)
      ctx.addIssue({ code: 'custom', message: MEMBERS_START_AT_MESSAGE, path: ['membersStartAt'] })
  })
export type CampusesUpdate = z.infer<typeof CampusesUpdate>

/**
 * The campus that members without one (those of a church that had no campuses yet) start at when
 * the list is saved: the active campus named (any case), else the list's first active one;
 * undefined when the name is no active campus's, or no campus is active.
 */
export function startingCampus<C extends Pick<Campus, 'name' | 'active'>>(
  campuses: readonly C[],
  name?: string,
): C | undefined {
  const active = campuses.filter((c) => c.active)
  return name === undefined ? active[0] : active.find((c) => sameName(c.name, name))
}

/** The answer of both campus routes. */
export const Campuses = z.object({ campuses: z.array(Campus) })
export type Campuses = z.infer<typeof Campuses>

/** Every id the new list gives must be a stored campus's; the message, or undefined. */
export const campusesUpdateProblem = (stored: readonly Campus[], next: CampusesUpdate): string | undefined => {
  const known = new Set(stored.map((c) => c.id))
  return next.campuses.some((c) => c.id !== undefined && !known.has(c.id)) ? CAMPUS_UNKNOWN_ID : undefined
}

/** The stored campuses a new list leaves out (removed). */
export const removedCampuses = (stored: readonly Campus[], next: CampusesUpdate): Campus[] => {
  const kept = new Set(next.campuses.flatMap((c) => (c.id ? [c.id] : [])))
  return stored.filter((c) => !kept.has(c.id))
}

/** The 409 of a removal while members still belong to the campus. */
export const campusHasMembersMessage = (name: string, count: number) =>
  `${name} still has ${count} ${count === 1 ? 'member' : 'members'}; move them to another campus first`

/** A member's campus in the member forms, the import and the sync: a campus's id, or null for none. */
export const MemberCampus = CampusId.nullable()

/** A supervisor's campuses (their scope): none is the whole church. */
export const CampusScope = z
  .array(CampusId, { error: 'campusIds must be a list' })
  .max(MAX_CAMPUSES, `At most ${MAX_CAMPUSES} campuses`)
  .refine((ids) => new Set(ids).size === ids.length, CAMPUS_ID_TWICE)

/**
 * Whether a member's campus may be stored: with campuses, a member needs an active one; without,
 * none may be named. `required` is false for an edit that leaves the campus as it is. The
 * message, or undefined.
 */
export const memberCampusProblem = (
  campuses: readonly Campus[],
  campusId: string | null | undefined,
  required: boolean,
): string | undefined => {
  if (campusId === undefined) return required && campuses.length ? CAMPUS_REQUIRED_MESSAGE : undefined
  if (!campuses.length) return campusId === null ? undefined : NO_CAMPUSES_MESSAGE
  if (campusId === null) return CAMPUS_REQUIRED_MESSAGE
  return campuses.some((c) => c.id === campusId && c.active) ? undefined : CAMPUS_UNKNOWN_MESSAGE
}

/** Whether a supervisor's scope names only stored campuses; the message, or undefined. */
export const campusScopeProblem = (campuses: readonly Campus[], campusIds: readonly string[]): string | undefined =>
  campusIds.every((id) => campuses.some((c) => c.id === id)) ? undefined : CAMPUS_SCOPE_MESSAGE

/** The optional `campusId` of a report's or a payroll file's query: one campus, or (absent) the whole church. */
export const CampusChoice = z.object({ campusId: CampusId.optional() })

/** A file name's part for a campus: lowercase letters and digits joined by dashes ('north-campus'). */
export const campusFilePart = (name: string) => dashedWords(name) || 'campus'

/**
 * The campus words of a file run for `filter` (`campusFilter`'s answer): each campus of it, in the
 * list's order, dashed and followed by a dash ('north-campus-'); nothing for the whole church (or a
 * campus not found). Every file run for a campus is named with it: payroll files and the bulk CSV.
 */
export const campusesFilePart = (
  campuses: readonly Pick<Campus, 'id' | 'name'>[],
  filter: readonly string[] | undefined,
) =>
  campuses
    .filter((c) => filter?.includes(c.id))
    .map((c) => `${campusFilePart(c.name)}-`)
    .join('')

/**
 * The campus a week counts under: where it was worked (the timesheet's or its figures'), or for a
 * week made before campuses, its member's.
 */
export const weekCampus = (
  week: { campusId?: string | null | undefined },
  member: { campusId?: string | null | undefined } | undefined,
) => week.campusId ?? member?.campusId ?? undefined

/**
 * Whether the actor reaches a week (a timesheet or its figures): a week is the campus's where it was
 * worked (`weekCampus`), so a campus admin reads, decides and pays the weeks worked at their
 * campuses, a member's who has since moved away included, and none worked elsewhere by a member
 * who is theirs now. The same as the lists' filter for a campus admin's own campuses.
 */
export const weekInScope = (
  actor: ScopedActor,
  week: { campusId?: string | null | undefined },
  member: { campusId?: string | null | undefined } | undefined,
) => inScope(actor, { campusId: weekCampus(week, member) })

/** Whether a holiday is a member's: the whole church's, or their campus's own. */
export const holidayApplies = (holiday: { campusId?: string }, member: { campusId?: string | null }) =>
  !holiday.campusId || holiday.campusId === member.campusId

/** The holidays of a member's calendar (a time-off request's days, their week's checks). */
export const holidaysFor = <H extends { campusId?: string }>(
  holidays: readonly H[],
  member: { campusId?: string | null },
) => holidays.filter((h) => holidayApplies(h, member))

/** Whether a member is among the campuses a filter names (undefined: every member). */
export const inCampuses = (campusIds: readonly string[] | undefined, member: { campusId?: string | null }) =>
  campusIds === undefined || (member.campusId != null && campusIds.includes(member.campusId))

import {
  allocatesByPercent,
  allocationsField,
  badRequest,
  DAYS,
  dayLabel,
  PERCENT_NOT_ALLOWED,
  UNALLOCATED,
  type AllocationCode,
  type User,
  type WeekAllocations,
} from '@app/core'
import type { OrgDb } from '@app/data'

/** The message of a split naming a code that does not exist or is inactive. */
export const unknownCodeMessage = (day: string) => `${day} names a ministry or fund that does not exist or is inactive`

const usable = (codes: readonly AllocationCode[]) => new Set(codes.filter((c) => c.active).map((c) => c.id))

/**
 * A save's splits may name only codes that exist and are active ('unallocated' too), and
 * only an exempt member or minister allocates the week by percent; otherwise 400 naming the day (on
 * its field) and nothing is written. The codes are read only when the save names some, so the
 * spec's calls cost what they did.
 */
export const assertAllocations = async (db: OrgDb, member: Pick<User, 'payType'>, days: WeekAllocations) => {
  const percent = days.weekAllocationPercent ?? []
  if (percent.length && !allocatesByPercent(member.payType))
    throw badRequest(PERCENT_NOT_ALLOWED, { weekAllocationPercent: PERCENT_NOT_ALLOWED })
  const named = DAYS.filter((day) => (days[allocationsField(day)]?.length ?? 0) > 0)
  if (!named.length && !percent.length) return
  const ok = usable(await db.allocationCodes.list())
  const fine = (code: string) => code === UNALLOCATED || ok.has(code)
  for (const day of named) {
    if (days[allocationsField(day)]!.every((a) => fine(a.code))) continue
    const message = unknownCodeMessage(dayLabel[day])
    throw badRequest(message, { [allocationsField(day)]: message })
  }
  if (!percent.every((p) => fine(p.code))) {
    const message = unknownCodeMessage('The week')
    throw badRequest(message, { weekAllocationPercent: message })
  }
}

/** A member's default code must exist and be active (400 on `defaultCode` otherwise). */
export const assertDefaultCode = async (db: OrgDb, code: string | null | undefined) => {
  if (!code) return
  if (usable(await db.allocationCodes.list()).has(code)) return
  const message = 'Choose a ministry or fund that exists and is active'
  throw badRequest(message, { defaultCode: message })
}

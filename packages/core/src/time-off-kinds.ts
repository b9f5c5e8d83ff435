/**
 * kinds of time off and their default names, without zod: the first screens (the
 * staff dashboard's balances) name kinds too.
 */
export const TIME_OFF_KINDS = ['vacation', 'sick', 'personal'] as const

/** Each kind's name until the organization renames it in Settings → Time off. */
export const DEFAULT_TIME_OFF_NAMES: Record<(typeof TIME_OFF_KINDS)[number], string> = {
  vacation: 'Vacation',
  sick: 'Sick',
  personal: 'Personal',
}

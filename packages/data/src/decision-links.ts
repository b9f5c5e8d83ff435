import { keys } from './keys.ts'
import { table } from './table.ts'

/** Single use of the Approve/Decline links in review emails; a link is spent by the `spendLink` effect. */
export const decisionLinksOf = (orgId: string) => ({
  isSpent: async (linkId: string) => Boolean(await table.get(keys.decisionLinkUse(orgId, linkId))),
})

import { config } from '@app/adapters'
import { createExpiringLink, readExpiringLink, type ExpiringLinkCheck } from './signed-tokens.ts'

/**
 * The Approve and Decline links in a supervisor's email: an HMAC-signed token bound to one
 * organization, decision and supervisor, and to what is decided: a timesheet's submission (its id
 * and version) or a time-off request (its id; a request is pending once, so it needs no
 * version). Valid 7 days. It is single use: the decision's transaction records its id.
 */
export const LINK_DAYS = 7

/** What a link decides: a timesheet's submission, or a time-off request. */
export type LinkSubject = { timesheetId: number; version: number } | { timeOffId: string }

/** Whom and what a link is for, before it is signed (one per decision). */
export type LinkTarget = { orgId: string; supervisorId: string } & LinkSubject

export type DecisionLink = LinkTarget & {
  linkId: string
  decision: 'approved' | 'rejected'
  expiresAt: number
}

/** A time-off request's link (links made by an older version are all timesheets'). */
export const isTimeOffLink = (link: DecisionLink): link is DecisionLink & { timeOffId: string } =>
  'timeOffId' in link && typeof link.timeOffId === 'string'

/** Decision links were the first kind, signed with no purpose prefix; tokens already sent rely on it. */
const PURPOSE = ''

export const createDecisionLink = (
  link: LinkTarget & Pick<DecisionLink, 'decision'>,
  now = Date.now(),
): Promise<string> => createExpiringLink<DecisionLink>(PURPOSE, link, LINK_DAYS, now)

export type LinkCheck = ExpiringLinkCheck<DecisionLink>

export const readDecisionLink = (token: string, now = Date.now()): Promise<LinkCheck> =>
  readExpiringLink<DecisionLink>(PURPOSE, token, now)

export const decisionLinkUrl = (token: string) => `${config.appOrigin}/api/email-decisions/${token}`

/** The Approve and Decline addresses of one submission (or time-off request) for one supervisor, each its own link. */
export const decisionLinkUrls = async (link: LinkTarget) => {
  const url = async (decision: DecisionLink['decision']) =>
    decisionLinkUrl(await createDecisionLink({ ...link, decision }))
  const [approve, decline] = await Promise.all([url('approved'), url('rejected')])
  return { approve, decline }
}

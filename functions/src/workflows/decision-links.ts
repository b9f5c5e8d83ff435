import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { config, secrets } from '@app/adapters'

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

const sign = async (payload: string) =>
  createHmac('sha256', await secrets.emailLinkSecret())
    .update(payload)
    .digest('base64url')

export const createDecisionLink = async (
  link: LinkTarget & Pick<DecisionLink, 'decision'>,
  now = Date.now(),
): Promise<string> => {
  const full: DecisionLink = {
    ...link,
    linkId: randomBytes(16).toString('base64url'),
    expiresAt: now + LINK_DAYS * 86_400_000,
  }
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url')
  return `${payload}.${await sign(payload)}`
}

export type LinkCheck = { ok: true; link: DecisionLink } | { ok: false; reason: 'invalid' | 'expired' }

export const readDecisionLink = async (token: string, now = Date.now()): Promise<LinkCheck> => {
  const [payload, signature, ...rest] = token.split('.')
  if (!payload || !signature || rest.length) return { ok: false, reason: 'invalid' }
  const expected = Buffer.from(await sign(payload))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' }
  const link = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DecisionLink
  if (link.expiresAt <= now) return { ok: false, reason: 'expired' }
  return { ok: true, link }
}

export const decisionLinkUrl = (token: string) => `${config.appOrigin}/api/email-decisions/${token}`

/** The Approve and Decline addresses of one submission (or time-off request) for one supervisor, each its own link. */
export const decisionLinkUrls = async (link: LinkTarget) => {
  const url = async (decision: DecisionLink['decision']) =>
    decisionLinkUrl(await createDecisionLink({ ...link, decision }))
  const [approve, decline] = await Promise.all([url('approved'), url('rejected')])
  return { approve, decline }
}

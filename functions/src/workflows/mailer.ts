import { sendEmail } from '@app/adapters'
import { closedHoldUntil, emailDailyLimit, SENT_WHILE_CLOSED, type Organization } from '@app/core'
import { closedOrganizations, orgDb, outbox, type StoredEmail } from '@app/data'
import { renderStored } from '../views/templates.ts'

/** Today's email quota of an organization (its item read when the caller has not). */
const limitOf = async (orgId: string, org?: Organization) =>
  emailDailyLimit(org ?? (await orgDb(orgId).organization.get()))

/** The one email an unconfirmed address may get. */
const isConfirmation = (email: StoredEmail) => 'template' in email && email.template === 'confirmAddress'

/** What a closed organization still sends: its closure's own emails to its supervisors. */
const sentWhileClosed = (email: StoredEmail) => 'template' in email && SENT_WHILE_CLOSED.includes(email.template)

/**
 * Tries an outbox email now; a failure is recorded for the retry job, never thrown at the caller.
 * Over the organization's daily quota the email is held in the outbox until the next day: the
 * change that queued it has already committed and stands. A closed organization's email (but its
 * closure's own) is held too, untried, and looked at again every CLOSED_HOLD_MINUTES: sent once
 * the organization is reopened, erased with it otherwise. `closed` is what the caller already
 * knows (a job run reads each closure once); unknown, it is read here. The email is rendered here
 * from its template and values, before any of the quota is spent on it. An email to an address
 * its owner has not confirmed is held here, the one place every email passes: only the
 * confirmation link itself goes to such an address, and what waits is sent once it is confirmed
 * (`releaseHeld`) or dropped with an audit record after HELD_EMAIL_DAYS (`dropExpiredHeld`).
 */
export const deliver = async (
  orgId: string,
  id: string,
  email: StoredEmail,
  attempts = 0,
  org?: Organization,
  closed?: boolean,
) => {
  if (!(await outbox.claim(orgId, id))) return false
  try {
    if (!sentWhileClosed(email) && (closed ?? (await orgDb(orgId).closure.state()) !== undefined)) {
      await outbox.hold(orgId, id, closedHoldUntil())
      return false
    }
    const message = renderStored(email)
    // An address nobody confirmed gets its confirmation link now, and the rest once confirmed.
    if (!isConfirmation(email)) {
      const owner = await orgDb(orgId).users.addressOwner(message.to)
      if (!owner.member) {
        // No current member has this address: nobody can confirm it.
        await outbox.dropUnconfirmed(orgId, id, 'template' in email ? email.template : 'message')
        return false
      }
      if (!owner.confirmed) {
        await outbox.holdForConfirmation(orgId, id, message.to, owner.member)
        return false
      }
    }
    if (!(await outbox.takeQuota(orgId, await limitOf(orgId, org)))) {
      await outbox.hold(orgId, id)
      return false
    }
    await sendEmail(message)
    await outbox.sent(orgId, id)
    return true
  } catch (e) {
    const error = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
    console.log(
      JSON.stringify({ level: 'warn', event: 'email-failed', orgId, outboxId: id, attempts: attempts + 1, error }),
    )
    await outbox.failed(orgId, id, attempts, error).catch(() => undefined)
    return false
  }
}

/** Sends what waited for `address` now that its owner confirmed it (the retry job sends what fails here). */
export const releaseHeld = async (orgId: string, address: string, org?: Organization) => {
  let sent = 0
  for (const entry of await outbox.release(orgId, address))
    if (await deliver(orgId, entry.id, entry.email, entry.attempts, org)) sent++
  return sent
}

/**
 * Drops emails held past HELD_EMAIL_DAYS, each with its audit record; one whose address was
 * confirmed meanwhile (its release missed, say by a crash after the confirmation) is released instead.
 */
export const dropExpiredHeld = async (now = new Date(), orgIds?: string[]) => {
  let dropped = 0
  for (const held of await outbox.expiredHeld(now)) {
    if (orgIds && !orgIds.includes(held.orgId)) continue
    if (held.address && (await orgDb(held.orgId).users.addressConfirmed(held.address))) {
      await releaseHeld(held.orgId, held.address)
    } else if (await outbox.dropHeld(held)) dropped++
  }
  return dropped
}

/**
 * The retry job (a schedule in AWS, a timer on the local stack): sends what is due, each
 * organization's closure read once, and drops what waited too long for a confirmed address.
 */
export const retryDueEmails = async () => {
  const due = await outbox.due()
  const orgs = new Map<string, Promise<Organization | undefined>>()
  const orgOf = (orgId: string) => {
    if (!orgs.has(orgId))
      orgs.set(
        orgId,
        orgDb(orgId)
          .organization.get()
          .catch(() => undefined),
      )
    return orgs.get(orgId)!
  }
  const isClosed = closedOrganizations()
  let sent = 0
  for (const entry of due) {
    const [org, closed] = await Promise.all([orgOf(entry.orgId), isClosed(entry.orgId)])
    if (await deliver(entry.orgId, entry.id, entry.email, entry.attempts, org, closed)) sent++
  }
  return { tried: due.length, sent, heldDropped: await dropExpiredHeld() }
}

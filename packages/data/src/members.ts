import {
  UNPAID_ROLE_MESSAGE,
  APPROVER_MESSAGE,
  DELEGATE_REACH_MESSAGE,
  reachCovers,
  badRequest,
  conflict,
  DELEGATE_MESSAGE,
  fullName,
  notFound,
  retryAfterSeconds,
  tooManyRequests,
  User,
  type Away,
  type Language,
  type MemberUpdate,
  type NewMember,
  type PayType,
} from '@app/core'
import { directoryMove, directoryMoves } from './aggregates.ts'
import { apiTokensOf } from './api-tokens.ts'
import { kiosksOf } from './kiosks.ts'
import { reRouted, routingMoves, storedPendingOf, type MemberWrite } from './routing-counts.ts'
import { campusGone, campusMemberCheck } from './campuses.ts'
import { auditRecord, changesOf, emailLinkOf, memberSubject, type Actor, type Person } from './audit.ts'
import { effectItems, type Effects } from './effects.ts'
import type { QueuedEmail } from './outbox.ts'
import { keys } from './keys.ts'
import { isConditionFailure, nowIso, table, type TransactInput } from './table.ts'
import {
  CURRENT_MEMBER,
  currentMemberUpdate,
  currentSupervisorCheck,
  newUser,
  parseUser,
  storedMembersOf,
  supervisorTermOf,
  usersOf,
} from './users.ts'

export const duplicateEmailMessage = 'A member with this email already exists in this organization'
/** A confirmation link is sent again at most this often per member. */
export const RESEND_MINUTES = 10
export const alreadyConfirmedMessage = 'This email address is already confirmed'
export const resendTooSoonMessage = 'A confirmation email was sent a few minutes ago. Try again later.'

/**
 * Members whose approver is cleared in one transaction: 3 items each (the member, the record, the
 * check of their pending counts, which move to no approver), plus 8 directory shards, the routing
 * item, the head and a check (≤ 100).
 */
const CLEAR_CHUNK = 25

/**
 * Members of one organization. The organization item keeps `memberCount`, changed in the same
 * transaction as the member, so the plan limit holds under concurrent adds.
 */
/**
 * A member's stored campus fields: their campus when they have one, and a supervisor's campuses
 * only while they are a supervisor with some (none is the whole church; the field is then absent).
 */
const campusFields = (role: User['role'], m: { campusId?: string | null; campusIds?: string[] }) => ({
  ...(m.campusId ? { campusId: m.campusId } : {}),
  ...(role === 'supervisor' && m.campusIds?.length ? { campusIds: m.campusIds } : {}),
})

export const membersOf = (orgId: string) => {
  const isSupervisorCheck = (userId: string) => currentSupervisorCheck(orgId, userId)
  const refuseApprover = () => badRequest(APPROVER_MESSAGE, { supervisorId: APPROVER_MESSAGE })
  /** A current (not removed) member's stored item and the member it holds; 404 for any other. */
  const currentMember = async (userId: string) => {
    const item = await table.get(keys.user(orgId, userId))
    if (!item || item.removedAt) throw notFound('member')
    return { item, member: parseUser(item) }
  }

  /**
   * A supervisor removed or made staff leaves their members with no approver. The change
   * of the supervisor's own item commits first, and from then every read answers those members'
   * `supervisorId` as null (users.ts, `withApproverIn`): what callers see changes at once, however
   * many members. This clears the stored values after it, CLEAR_CHUNK members per transaction (a
   * transaction holds at most 100 items), each with its audit record and directory entry, and
   * each chunk conditioned on `formerId` still not being a supervisor (a supervisor again is
   * cleaned before their promotion commits, so a late chunk never clears a newer choice). A member
   * changed meanwhile is read again; what a crash leaves is still read as null, and cleared by the
   * member's next edit or the former supervisor's next promotion.
   */
  const clearApproverOf = async (formerId: string, by: Person) => {
    const notASupervisor: TransactInput = {
      ConditionCheck: {
        Key: keys.user(orgId, formerId),
        ConditionExpression: 'attribute_not_exists(pk) OR attribute_exists(removedAt) OR #role <> :supervisor',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':supervisor': 'supervisor' },
      },
    }
    for (let round = 0; round < 5; round++) {
      const members = (await storedMembersOf(orgId)).filter((u) => u.supervisorId === formerId)
      let changedMeanwhile = false
      for (let i = 0; i < members.length; i += CLEAR_CHUNK) {
        const now = nowIso()
        const chunk = members.slice(i, i + CLEAR_CHUNK)
        const writes: MemberWrite[] = chunk.map((u) => ({
          user: { ...u, supervisorId: null, updatedAt: now },
          before: { user: u, removed: false },
        }))
        // Their pending weeks move from the former supervisor's count to no approver's.
        const pending = await storedPendingOf(
          orgId,
          reRouted(writes).map((w) => w.user.id),
        )
        try {
          await table.transact([
            notASupervisor,
            ...chunk.flatMap((u) => [
              {
                Update: {
                  Key: keys.user(orgId, u.id),
                  UpdateExpression: 'SET supervisorId = :none, updatedAt = :now',
                  ConditionExpression: 'supervisorId = :old AND updatedAt = :u AND attribute_not_exists(removedAt)',
                  ExpressionAttributeValues: { ':none': null, ':now': now, ':old': formerId, ':u': u.updatedAt },
                },
              },
              auditRecord(orgId, by, {
                action: 'member.edited',
                subject: memberSubject(u),
                changes: [{ field: 'supervisorId', before: formerId, after: null }],
              }),
            ]),
            ...directoryMoves(orgId, writes, pending),
            // Last: a week submitted or decided meanwhile fails it, and the chunk is read again.
            ...routingMoves(orgId, writes, pending).checks,
          ])
        } catch (e) {
          if (isConditionFailure(e, 0)) return // a supervisor again: what is stored now stands
          if (!isConditionFailure(e)) throw e
          changedMeanwhile = true
        }
      }
      if (!changedMeanwhile) return
    }
  }

  /**
   * Revokes what a former supervisor made to act without them (their API tokens and kiosks), each
   * with its record by `by`: it already works no more, since the change that ended their term
   * committed (users.ts, `grantStands`), so this only takes it off the lists and the token limit,
   * and its failure fails no request. Run again at the member's next promotion, for what is left.
   */
  const revokeGrantsOf = async (formerId: string, by: Person) => {
    try {
      await apiTokensOf(orgId).revokeMadeBy(formerId, by)
      await kiosksOf(orgId).revokeMadeBy(formerId, by)
    } catch (e) {
      console.log(JSON.stringify({ level: 'warn', event: 'grants-revoke-failed', orgId, formerId, error: String(e) }))
    }
  }

  /** `clearApproverOf` after a change has committed: its failure leaves values read as null, and fails no request. */
  const afterRelease = async (formerId: string, by: Person) => {
    await revokeGrantsOf(formerId, by)
    try {
      await clearApproverOf(formerId, by)
    } catch (e) {
      console.log(JSON.stringify({ level: 'warn', event: 'approver-clear-failed', orgId, formerId, error: String(e) }))
    }
  }

  return {
    async emailTaken(email: string) {
      return Boolean(await table.get(keys.userEmail(orgId, email)))
    },

    /** Adds a member whose staff-pool login `username` already exists. `limit` null means unlimited. */
    /** `member.supervisorId`, when not null, must be a current supervisor when this commits (else 400). */
    async add(
      member: NewMember & { id?: string; phone?: string; payType?: PayType; payrollId?: string | null },
      username: string,
      limit: number | null,
      by: Actor,
      effects?: Effects,
    ): Promise<User> {
      const user: User = {
        ...newUser(orgId, {
          id: member.id,
          email: member.email,
          firstName: member.firstName,
          lastName: member.lastName,
          department: member.department,
          role: member.role,
          username,
          authType: 'local',
          // An address a supervisor typed gets no email but its confirmation link's until confirmed.
          emailConfirmed: false,
        }),
        supervisorId: member.supervisorId ?? null,
        ...(member.defaultCode ? { defaultCode: member.defaultCode } : {}),
        ...(member.hireDate ? { hireDate: member.hireDate } : {}),
        ...(member.phone ? { phone: member.phone } : {}),
        ...(member.payType ? { payType: member.payType } : {}),
        ...(member.payrollId ? { payrollId: member.payrollId } : {}),
        unpaid: member.role === 'supervisor' && member.unpaid === true,
        ...campusFields(member.role, member),
      }
      const campusCheck = user.campusId ? [campusMemberCheck(orgId, user.campusId)] : []
      const notExists = { ConditionExpression: 'attribute_not_exists(pk)' }
      try {
        await table.transact([
          {
            Update: {
              Key: keys.organization(orgId),
              UpdateExpression: 'ADD memberCount :one',
              ConditionExpression:
                limit === null ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND memberCount < :limit',
              ExpressionAttributeValues: limit === null ? { ':one': 1 } : { ':one': 1, ':limit': limit },
            },
          },
          { Put: { Item: { ...keys.user(orgId, user.id), ...user }, ...notExists } },
          { Put: { Item: { ...keys.userEmail(orgId, member.email), userId: user.id }, ...notExists } },
          { Put: { Item: { ...keys.username(username), orgId, userId: user.id }, ...notExists } },
          auditRecord(orgId, by, {
            action: 'member.added',
            subject: memberSubject(user),
            changes: changesOf<User>({}, user, [
              'firstName',
              'lastName',
              'email',
              'department',
              'role',
              'username',
              'supervisorId',
              'defaultCode',
              'hireDate',
              ...(member.payType ? (['payType'] as const) : []),
              ...(user.payrollId ? (['payrollId'] as const) : []),
              ...(user.phone ? (['phone'] as const) : []),
              ...(user.unpaid ? (['unpaid'] as const) : []),
              ...(user.campusId ? (['campusId'] as const) : []),
              ...(user.campusIds ? (['campusIds'] as const) : []),
            ]),
          }),
          ...directoryMove(orgId, { user }),
          // A supervisor added with an email joins here at their first Supervisor Login with it.
          ...(user.role === 'supervisor' && user.email
            ? [
                {
                  Put: {
                    Item: {
                      ...keys.invitation(user.email, orgId),
                      orgId,
                      userId: user.id,
                      createdAt: user.createdAt,
                      // The invitation email is sent once the address is confirmed, naming who invited.
                      ...('system' in by ? {} : { inviter: fullName(by) }),
                    },
                  },
                },
              ]
            : []),
          ...effectItems(orgId, effects),
          ...campusCheck,
          // Last, so its failure is the last reason.
          ...(user.supervisorId ? [isSupervisorCheck(user.supervisorId)] : []),
        ])
      } catch (e) {
        const reasons = (e as { CancellationReasons?: unknown[] }).CancellationReasons ?? []
        const last = reasons.length - 1
        if (user.supervisorId && isConditionFailure(e, last)) throw refuseApprover()
        if (campusCheck.length && isConditionFailure(e, user.supervisorId ? last - 1 : last)) throw campusGone()
        if (isConditionFailure(e, 0)) throw conflict('The plan limit was reached while adding this member')
        if (isConditionFailure(e, 2)) throw badRequest(duplicateEmailMessage, { email: duplicateEmailMessage })
        if (isConditionFailure(e, 3)) throw conflict('That username was just taken; please try again')
        throw e
      }
      return user
    },

    /**
     * Removes a member from the organization. Their timesheets stay for the records; the item is
     * kept with `removedAt` so those records can still show who worked. Their sign-in lookups go in
     * the same transaction, so a removed supervisor can sign in again (to an organization of their own).
     *
     * `by`, the supervisor removing them, must still be a current supervisor when the transaction
     * commits: two supervisors removing each other at once cannot both succeed, so an organization
     * always keeps the one who removed last. The record keeps the name the member had. A removed
     * supervisor's API tokens and kiosks work no more from the commit on, and are revoked after it.
     */
    /**
     * `by` is a supervisor, or the system for a member deactivated because they left a directory's
     * lists (`member.deactivated`: the same soft removal, recorded as such; a supervisor is never
     * deactivated that way, so no supervisor check is needed for it).
     */
    async remove(
      userId: string,
      by: Person | { system: string },
      {
        effects,
        action = 'member.removed',
        leftOn,
      }: {
        effects?: Effects
        action?: 'member.removed' | 'member.deactivated'
        /** The first day whose holidays no longer pay them (`holidayPayEndsOn`); stored with the removal. */
        leftOn?: string
      } = {},
    ): Promise<User> {
      const { item, member: user } = await currentMember(userId)
      const now = nowIso()
      const lookups = [
        ...(user.email ? [{ Delete: { Key: keys.userEmail(orgId, user.email) } }] : []),
        ...(user.username ? [{ Delete: { Key: keys.username(user.username) } }] : []),
        ...(user.email && user.role === 'supervisor' ? [{ Delete: { Key: keys.invitation(user.email, orgId) } }] : []),
        ...(item.issuer && item.subject
          ? [{ Delete: { Key: keys.subject(String(item.issuer), String(item.subject)) } }]
          : []),
      ]
      try {
        await table.transact([
          currentMemberUpdate(orgId, userId, {
            set: `SET removedAt = :now, updatedAt = :now${leftOn ? ', leftOn = :leftOn' : ''}`,
            values: { ':now': now, ...(leftOn ? { ':leftOn': leftOn } : {}) },
          }),
          {
            Update: {
              Key: keys.organization(orgId),
              UpdateExpression: 'ADD memberCount :minus',
              ExpressionAttributeValues: { ':minus': -1 },
            },
          },
          ...lookups,
          ...('system' in by ? [] : [isSupervisorCheck(by.id)]),
          auditRecord(orgId, by, { action, subject: memberSubject(user) }),
          ...directoryMove(orgId, { user, removed: true, before: { user, removed: false } }),
          ...effectItems(orgId, effects),
        ])
      } catch (e) {
        if (isConditionFailure(e, 0)) throw notFound('member')
        if (!('system' in by) && isConditionFailure(e, 2 + lookups.length))
          throw conflict('An organization needs at least one supervisor')
        if (isConditionFailure(e)) throw conflict('This member was changed somewhere else; reload and try again')
        throw e
      }
      if (user.role === 'supervisor' && !('system' in by)) await afterRelease(userId, by)
      return user
    },

    /**
     * Edits a current member (PATCH /api/employees/{id}), conditioned on the version read (its
     * `updatedAt`); a new email moves the organization's uniqueness item in the same transaction.
     * `by`, the supervisor editing, must still be one when it commits: two supervisors taking each
     * other's role at once cannot leave none (as with `remove`).
     */
    /** Edits a member's details and pay facts, recording the fields changed (a role change on its own record). */
    /** A new email is unconfirmed; `confirmation` names the email to queue to it, in the same transaction. */
    async update(
      userId: string,
      changes: MemberUpdate,
      by: Person,
      confirmation?: QueuedEmail,
      effects: Effects = {},
    ): Promise<User> {
      const { item, member } = await currentMember(userId)
      // An approver who is no longer a supervisor is read (and so written back) as null.
      const current = await usersOf(orgId).withCurrentApprover(member)
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
      const emailChanged = defined.email !== undefined && defined.email !== current.email
      const merged: User = {
        ...current,
        ...defined,
        ...(emailChanged ? { emailConfirmed: false } : {}),
        updatedAt: nowIso(),
      }
      const next: User = { ...merged, campusId: undefined, campusIds: undefined, ...campusFields(merged.role, merged) }
      if (next.supervisorId === userId) throw refuseApprover()
      // Only a supervisor is ever unpaid: asking it of anyone else is refused; a supervisor made staff is paid again.
      if (next.unpaid && next.role !== 'supervisor') {
        if (defined.unpaid === true) throw badRequest(UNPAID_ROLE_MESSAGE, { unpaid: UNPAID_ROLE_MESSAGE })
        next.unpaid = false
      }
      const edited = changesOf<User>(current, next, [
        'firstName',
        'lastName',
        'email',
        'department',
        'payType',
        'payrollId',
        'phone',
        'supervisorId',
        'defaultCode',
        'hireDate',
        'unpaid',
        'campusId',
        'campusIds',
      ])
      const roleChanged = changesOf<User>(current, next, ['role'])
      // A new approver must be a supervisor when this commits; a supervisor made staff
      // leaves their members with no approver (read as null once this commits, cleared after it).
      const approver = next.supervisorId !== current.supervisorId ? next.supervisorId : null
      const demoted = current.role === 'supervisor' && next.role !== 'supervisor'
      const promoted = current.role !== 'supervisor' && next.role === 'supervisor'
      // Members still naming them from an earlier time as supervisor must not find them again;
      // nor is anything left of what they made then (it stays dead anyway: a new term starts).
      if (promoted) {
        await clearApproverOf(userId, by)
        await revokeGrantsOf(userId, by)
      }
      const approverCheck = approver && !(approver === by.id && by.id !== userId) ? [isSupervisorCheck(approver)] : []
      const byCheck = by.id === userId ? [] : [isSupervisorCheck(by.id)]
      // A new campus must still be active when this commits (and a removal counting meanwhile fails).
      const campusCheck =
        next.campusId && next.campusId !== current.campusId ? [campusMemberCheck(orgId, next.campusId)] : []
      // As stored: an approver read as null (no longer a supervisor) is still counted under them until written.
      const write: MemberWrite = { user: next, before: { user: parseUser(item), removed: false } }
      const reRouting = reRouted([write]).length > 0
      for (let attempt = 0; ; attempt++) {
        const pending = reRouting ? await storedPendingOf(orgId, [userId]) : undefined
        const [pendingCheck] = routingMoves(orgId, [write], pending).checks
        try {
          await table.transact([
            {
              Put: {
                // A demotion ends their term as a supervisor in this same write: their API tokens
                // and kiosks stop at once, and for good (users.ts, `grantStands`).
                Item: { ...item, ...next, ...(demoted ? { supervisorTerm: supervisorTermOf(item) + 1 } : {}) },
                ConditionExpression: `${CURRENT_MEMBER} AND updatedAt = :u`,
                ExpressionAttributeValues: { ':u': current.updatedAt },
              },
            },
            ...approverCheck,
            ...(emailChanged && next.email
              ? [
                  {
                    Put: {
                      Item: { ...keys.userEmail(orgId, next.email), userId },
                      ConditionExpression: 'attribute_not_exists(pk)',
                    },
                  },
                ]
              : []),
            ...(emailChanged && current.email ? [{ Delete: { Key: keys.userEmail(orgId, current.email) } }] : []),
            // A supervisor editing their own item: that item is the one written (one operation per item).
            ...(edited.length
              ? [auditRecord(orgId, by, { action: 'member.edited', subject: memberSubject(next), changes: edited })]
              : []),
            ...(roleChanged.length
              ? [
                  auditRecord(orgId, by, {
                    action: 'member.roleChanged',
                    subject: memberSubject(next),
                    changes: roleChanged,
                  }),
                ]
              : []),
            ...byCheck,
            ...directoryMove(orgId, write, pending),
            ...effectItems(orgId, {
              ...effects,
              emails: [
                ...(effects.emails ?? []),
                ...(emailChanged && next.email && confirmation ? [confirmation] : []),
              ],
            }),
            ...campusCheck,
            // Last: a week of the member submitted or decided meanwhile fails it, and the counts are read again.
            ...(pendingCheck ? [pendingCheck] : []),
          ])
          break
        } catch (e) {
          if (isConditionFailure(e, 0)) throw conflict('This member was changed somewhere else; reload and try again')
          const reasons = (e as { CancellationReasons?: unknown[] }).CancellationReasons ?? []
          const last = reasons.length - 1
          if (pendingCheck && isConditionFailure(e, last)) {
            if (attempt < 4) continue
            throw conflict('This member was changed somewhere else; reload and try again')
          }
          if (campusCheck.length && isConditionFailure(e, pendingCheck ? last - 1 : last)) throw campusGone()
          if (approverCheck.length && isConditionFailure(e, 1)) throw refuseApprover()
          if (emailChanged && next.email && isConditionFailure(e, 1 + approverCheck.length))
            throw badRequest(duplicateEmailMessage, { email: duplicateEmailMessage })
          if (isConditionFailure(e)) throw conflict('An organization needs at least one supervisor')
          throw e
        }
      }
      if (demoted) await afterRelease(userId, by)
      return next
    },

    /**
     * The member's language. `chosen` is their own choice on /profile and is kept for
     * good; `browser` is the language of the browser they sign in with, taken only while they have
     * never chosen (the item's `languageChosen`), so a sign-in elsewhere never undoes a choice.
     * A change is recorded as the member's own edit, in the same transaction.
     */
    async setLanguage(userId: string, language: Language, how: 'chosen' | 'browser', by: Person): Promise<User> {
      const { item, member: current } = await currentMember(userId)
      if (how === 'browser' && item.languageChosen) return usersOf(orgId).withCurrentApprover(current)
      const next: User = current.language === language ? current : { ...current, language, updatedAt: nowIso() }
      const changes = changesOf<User>(current, next, ['language'])
      if (!changes.length && (how === 'browser' || item.languageChosen))
        return usersOf(orgId).withCurrentApprover(current)
      try {
        await table.transact([
          {
            Put: {
              Item: { ...item, ...next, ...(how === 'chosen' ? { languageChosen: true } : {}) },
              ConditionExpression: `${CURRENT_MEMBER} AND updatedAt = :u${how === 'chosen' ? '' : ' AND attribute_not_exists(languageChosen)'}`,
              ExpressionAttributeValues: { ':u': current.updatedAt },
            },
          },
          ...(changes.length
            ? [auditRecord(orgId, by, { action: 'member.edited', subject: memberSubject(next), changes })]
            : []),
        ])
      } catch (e) {
        // A sign-in's guess yields to anything that changed the member meanwhile.
        if (how === 'browser' && isConditionFailure(e, 0)) return usersOf(orgId).withCurrentApprover(current)
        if (isConditionFailure(e, 0)) throw conflict('This member was changed somewhere else; reload and try again')
        throw e
      }
      return usersOf(orgId).withCurrentApprover(next)
    },

    /**
     * A supervisor's time away and delegate, or null to end it. The delegate must be
     * another current supervisor when this commits (else 400); the change is recorded as the
     * member's own edit, in the same transaction.
     */
    async setAway(userId: string, away: Away | null, by: Person): Promise<User> {
      const { member: current } = await currentMember(userId)
      if (away && away.delegateId === userId) throw badRequest(DELEGATE_MESSAGE, { delegateId: DELEGATE_MESSAGE })
      const delegate = away ? await usersOf(orgId).find(away.delegateId) : undefined
      if (away && (!delegate || delegate.role !== 'supervisor'))
        throw badRequest(DELEGATE_MESSAGE, { delegateId: DELEGATE_MESSAGE })
      if (delegate && !reachCovers(delegate, current))
        throw badRequest(DELEGATE_REACH_MESSAGE, { delegateId: DELEGATE_REACH_MESSAGE })
      const next: User = { ...current, away, updatedAt: nowIso() }
      const text = (a: Away | null, who?: User) => (a ? `${a.from} – ${a.to}${who ? ` (${fullName(who)})` : ''}` : null)
      const before = current.away ? await usersOf(orgId).findForRecords(current.away.delegateId) : undefined
      const changes = [{ field: 'away', before: text(current.away, before), after: text(away, delegate) }].filter(
        (c) => c.before !== c.after,
      )
      try {
        await table.transact([
          currentMemberUpdate(orgId, userId, {
            set: 'SET away = :away, updatedAt = :now',
            when: 'updatedAt = :u',
            values: { ':away': away, ':now': next.updatedAt, ':u': current.updatedAt },
          }),
          ...(away ? [isSupervisorCheck(away.delegateId)] : []),
          ...(changes.length
            ? [auditRecord(orgId, by, { action: 'member.edited', subject: memberSubject(next), changes })]
            : []),
          ...directoryMove(orgId, { user: next, before: { user: current, removed: false } }),
        ])
      } catch (e) {
        if (isConditionFailure(e, 0)) throw conflict('This member was changed somewhere else; reload and try again')
        if (away && isConditionFailure(e, 1)) throw badRequest(DELEGATE_MESSAGE, { delegateId: DELEGATE_MESSAGE })
        throw e
      }
      return usersOf(orgId).withCurrentApprover(next)
    },

    /**
     * The member's owner confirmed `email` by its one-click link `linkId`: the address is
     * confirmed only while it is still the member's, the link is spent, and the record written, in
     * one transaction; with it, the emails `effects` names (a supervisor's invitation). A link
     * already used answers 409.
     */
    async confirmEmail(userId: string, email: string, linkId: string, effects: Effects = {}): Promise<User> {
      const { member: current } = await currentMember(userId)
      if (current.email?.toLowerCase() !== email.toLowerCase()) throw notFound('member')
      const next: User = { ...current, emailConfirmed: true, updatedAt: nowIso() }
      try {
        await table.transact([
          currentMemberUpdate(orgId, userId, {
            set: 'SET emailConfirmed = :yes, updatedAt = :now',
            when: 'email = :email',
            values: { ':yes': true, ':now': next.updatedAt, ':email': current.email },
          }),
          ...effectItems(orgId, { ...effects, spendLink: linkId }),
          auditRecord(orgId, emailLinkOf(current), {
            action: 'member.edited',
            subject: memberSubject(current),
            changes: [{ field: 'emailConfirmed', before: String(current.emailConfirmed), after: 'true' }],
          }),
        ])
      } catch (e) {
        if (isConditionFailure(e, 0)) throw notFound('member')
        if (isConditionFailure(e)) throw conflict('This link was already used')
        throw e
      }
      return next
    },

    /**
     * A supervisor sends a member's confirmation link again (`effects` queues it): only
     * while the address is unconfirmed, and at most once each RESEND_MINUTES per member.
     */
    async resendConfirmation(userId: string, effects: Effects): Promise<User> {
      const { item, member: user } = await currentMember(userId)
      if (!user.email || user.emailConfirmed) throw conflict(alreadyConfirmedMessage)
      const now = Date.now()
      const sentAt = typeof item.confirmationSentAt === 'number' ? item.confirmationSentAt : now
      try {
        await table.transact([
          currentMemberUpdate(orgId, userId, {
            set: 'SET confirmationSentAt = :now',
            when: 'emailConfirmed = :no AND email = :email AND (attribute_not_exists(confirmationSentAt) OR confirmationSentAt < :since)',
            values: { ':now': now, ':no': false, ':email': user.email, ':since': now - RESEND_MINUTES * 60_000 },
          }),
          ...effectItems(orgId, effects),
        ])
      } catch (e) {
        if (isConditionFailure(e, 0))
          throw tooManyRequests(
            resendTooSoonMessage,
            retryAfterSeconds((sentAt + RESEND_MINUTES * 60_000) / 1000, now / 1000),
          )
        throw e
      }
      return user
    },

    /** The open invitation of a supervisor added with `email` (and who invited them), if any. */
    async invitationOf(email: string): Promise<{ inviter: string | null } | undefined> {
      const item = await table.get(keys.invitation(email, orgId))
      return item ? { inviter: typeof item.inviter === 'string' ? item.inviter : null } : undefined
    },

    async count(): Promise<number> {
      const org = await table.get(keys.organization(orgId))
      return Number(org?.memberCount ?? 0)
    },
  }
}

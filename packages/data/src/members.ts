import { badRequest, conflict, notFound, User, type Language, type MemberUpdate, type NewMember } from '@app/core'
import { directoryMove } from './aggregates.ts'
import { auditRecord, changesOf, memberSubject, type Actor, type Person } from './audit.ts'
import { keys } from './keys.ts'
import { isConditionFailure, nowIso, table } from './table.ts'
import { newUser, parseUser } from './users.ts'

export const duplicateEmailMessage = 'A member with this email already exists in this organization'

/**
 * Members of one organization. The organization item keeps `memberCount`, changed in the same
 * transaction as the member, so the plan limit holds under concurrent adds.
 */
export const membersOf = (orgId: string) => ({
  async emailTaken(email: string) {
    return Boolean(await table.get(keys.userEmail(orgId, email)))
  },

  /** Adds a member whose staff-pool login `username` already exists. `limit` null means unlimited. */
  async add(member: NewMember, username: string, limit: number | null, by: Actor): Promise<User> {
    const user = newUser(orgId, {
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      department: member.department,
      role: member.role,
      username,
      authType: 'local',
    })
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
          changes: changesOf<User>({}, user, ['firstName', 'lastName', 'email', 'department', 'role', 'username']),
        }),
        ...directoryMove(orgId, user),
      ])
    } catch (e) {
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
   * always keeps the one who removed last. The record keeps the name the member had.
   */
  async remove(userId: string, by: Person): Promise<User> {
    const item = await table.get(keys.user(orgId, userId))
    if (!item || item.removedAt) throw notFound('member')
    const user = parseUser(item)
    const now = nowIso()
    const lookups = [
      ...(user.email ? [{ Delete: { Key: keys.userEmail(orgId, user.email) } }] : []),
      ...(user.username ? [{ Delete: { Key: keys.username(user.username) } }] : []),
      ...(item.issuer && item.subject
        ? [{ Delete: { Key: keys.subject(String(item.issuer), String(item.subject)) } }]
        : []),
    ]
    try {
      await table.transact([
        {
          Update: {
            Key: keys.user(orgId, userId),
            UpdateExpression: 'SET removedAt = :now, updatedAt = :now',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(removedAt)',
            ExpressionAttributeValues: { ':now': now },
          },
        },
        {
          Update: {
            Key: keys.organization(orgId),
            UpdateExpression: 'ADD memberCount :minus',
            ExpressionAttributeValues: { ':minus': -1 },
          },
        },
        ...lookups,
        {
          ConditionCheck: {
            Key: keys.user(orgId, by.id),
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(removedAt) AND #role = :supervisor',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':supervisor': 'supervisor' },
          },
        },
        auditRecord(orgId, by, { action: 'member.removed', subject: memberSubject(user) }),
        ...directoryMove(orgId, user, true),
      ])
    } catch (e) {
      if (isConditionFailure(e, 0)) throw notFound('member')
      if (isConditionFailure(e, 2 + lookups.length)) throw conflict('An organization needs at least one supervisor')
      throw e
    }
    return user
  },

  /**
   * Edits a current member (PATCH /api/employees/{id}), conditioned on the version read (its
   * `updatedAt`); a new email moves the organization's uniqueness item in the same transaction.
   * `by`, the supervisor editing, must still be one when it commits: two supervisors taking each
   * other's role at once cannot leave none (as with `remove`).
   */
  /** Edits a member's details and pay facts, recording the fields changed (a role change on its own record). */
  async update(userId: string, changes: MemberUpdate, by: Person): Promise<User> {
    const item = await table.get(keys.user(orgId, userId))
    if (!item || item.removedAt) throw notFound('member')
    const current = parseUser(item)
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
    const next: User = { ...current, ...defined, updatedAt: nowIso() }
    const emailChanged = next.email !== current.email
    const edited = changesOf<User>(current, next, [
      'firstName',
      'lastName',
      'email',
      'department',
      'payType',
      'payrollId',
    ])
    const roleChanged = changesOf<User>(current, next, ['role'])
    try {
      await table.transact([
        {
          Put: {
            Item: { ...item, ...next },
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(removedAt) AND updatedAt = :u',
            ExpressionAttributeValues: { ':u': current.updatedAt },
          },
        },
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
        ...(by.id === userId
          ? []
          : [
              {
                ConditionCheck: {
                  Key: keys.user(orgId, by.id),
                  ConditionExpression:
                    'attribute_exists(pk) AND attribute_not_exists(removedAt) AND #role = :supervisor',
                  ExpressionAttributeNames: { '#role': 'role' },
                  ExpressionAttributeValues: { ':supervisor': 'supervisor' },
                },
              },
            ]),
        ...directoryMove(orgId, next),
      ])
    } catch (e) {
      if (isConditionFailure(e, 0)) throw conflict('This member was changed somewhere else; reload and try again')
      if (emailChanged && next.email && isConditionFailure(e, 1))
        throw badRequest(duplicateEmailMessage, { email: duplicateEmailMessage })
      if (isConditionFailure(e)) throw conflict('An organization needs at least one supervisor')
      throw e
    }
    return next
  },

  /**
   * The member's language (issue 21). `chosen` is their own choice on /profile and is kept for
   * good; `browser` is the language of the browser they sign in with, taken only while they have
   * never chosen (the item's `languageChosen`), so a sign-in elsewhere never undoes a choice.
   * A change is recorded as the member's own edit, in the same transaction.
   */
  async setLanguage(userId: string, language: Language, how: 'chosen' | 'browser', by: Person): Promise<User> {
    const item = await table.get(keys.user(orgId, userId))
    if (!item || item.removedAt) throw notFound('member')
    const current = parseUser(item)
    if (how === 'browser' && item.languageChosen) return current
    const next: User = current.language === language ? current : { ...current, language, updatedAt: nowIso() }
    const changes = changesOf<User>(current, next, ['language'])
    if (!changes.length && (how === 'browser' || item.languageChosen)) return current
    try {
      await table.transact([
        {
          Put: {
            Item: { ...item, ...next, ...(how === 'chosen' ? { languageChosen: true } : {}) },
            ConditionExpression:
              how === 'chosen'
                ? 'attribute_exists(pk) AND attribute_not_exists(removedAt) AND updatedAt = :u'
                : 'attribute_exists(pk) AND attribute_not_exists(removedAt) AND updatedAt = :u AND attribute_not_exists(languageChosen)',
            ExpressionAttributeValues: { ':u': current.updatedAt },
          },
        },
        ...(changes.length
          ? [auditRecord(orgId, by, { action: 'member.edited', subject: memberSubject(next), changes })]
          : []),
      ])
    } catch (e) {
      // A sign-in's guess yields to anything that changed the member meanwhile.
      if (how === 'browser' && isConditionFailure(e, 0)) return current
      if (isConditionFailure(e, 0)) throw conflict('This member was changed somewhere else; reload and try again')
      throw e
    }
    return next
  },

  async count(): Promise<number> {
    const org = await table.get(keys.organization(orgId))
    return Number(org?.memberCount ?? 0)
  },
})

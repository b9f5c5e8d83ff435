import { randomUUID } from 'node:crypto'
import { DEFAULT_LANGUAGE, DEFAULT_PAY_TYPE, notFound, User, type RoutingMember, type SignInWay } from '@app/core'
import { auditRecord, type Actor, type AuditEvent } from './audit.ts'
import { keys } from './keys.ts'
import type { Session } from './sessions.ts'
import { nowIso, table, type TransactInput } from './table.ts'

/** What every change of a member's item holds to: the member is there and not removed. */
export const CURRENT_MEMBER = 'attribute_exists(pk) AND attribute_not_exists(removedAt)'

/** A transaction's update of a current member's item: `set`, while `when` holds too. */
export const currentMemberUpdate = (
  orgId: string,
  userId: string,
  {
    set,
    when,
    values,
    names,
  }: { set: string; when?: string; values: Record<string, unknown>; names?: Record<string, string> },
): TransactInput => ({
  Update: {
    Key: keys.user(orgId, userId),
    UpdateExpression: set,
    ConditionExpression: when ? `${CURRENT_MEMBER} AND ${when}` : CURRENT_MEMBER,
    ExpressionAttributeValues: values,
    ...(names ? { ExpressionAttributeNames: names } : {}),
  },
})

/** A current supervisor of the organization, checked when the transaction commits. */
export const currentSupervisorCheck = (orgId: string, userId: string): TransactInput => ({
  ConditionCheck: {
    Key: keys.user(orgId, userId),
    ConditionExpression: `${CURRENT_MEMBER} AND #role = :supervisor`,
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':supervisor': 'supervisor' },
  },
})

/**
 * A member's term as a supervisor: how many times they have stopped being one (0 until the first).
 * What they make as a supervisor that acts without them (an API token, a kiosk) is made in one term
 * and works only while it lasts: a demotion counts the term up in the same write as the role, so
 * no later promotion brings any of it back, whatever the clean-up after it managed to delete.
 */
export const supervisorTermOf = (item: Record<string, unknown> | undefined) =>
  typeof item?.supervisorTerm === 'number' ? item.supervisorTerm : 0

/** Whether something made by the member stored as `item` in `term` still stands: a current supervisor, still in that term. */
export const grantStands = (item: Record<string, unknown> | undefined, term: number) =>
  Boolean(item && !item.removedAt && item.role === 'supervisor' && supervisorTermOf(item) === term)

/** A current supervisor still in `term`, checked when the transaction that makes something of theirs commits. */
export const supervisorInTermCheck = (orgId: string, userId: string, term: number): TransactInput => ({
  ConditionCheck: {
    Key: keys.user(orgId, userId),
    ConditionExpression: `${CURRENT_MEMBER} AND #role = :supervisor AND ${
      term === 0 ? 'attribute_not_exists(supervisorTerm)' : 'supervisorTerm = :term'
    }`,
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':supervisor': 'supervisor', ...(term === 0 ? {} : { ':term': term }) },
  },
})

/** Stored user items carry the user's fields plus keys; parsing strips the keys. */
export const parseUser = (item: Record<string, unknown>) => User.parse(item)

/** A member as records name them: `removedAt` when removed, and `leftOn` when stored with it. */
export type RecordMember = User & { removedAt?: string; leftOn?: string }

/**
 * The member a session opens, from their item read consistently with it on every request: none
 * when removed, or when their sessions were ended after it was made (a password reset: the
 * sessions index is eventually consistent, so a session made a moment before it may escape its
 * deletion; this check does not). A kiosk's session is its maker's, and opens only while they are
 * a supervisor in the term they made it in (`grantStands`).
 */
export const memberForSession = (
  item: Record<string, unknown> | undefined,
  session: Pick<Session, 'createdAt' | 'kioskId' | 'makerTerm'>,
): User | undefined => {
  if (!item || item.removedAt) return undefined
  if (typeof item.sessionsValidAfter === 'string' && session.createdAt < item.sessionsValidAfter) return undefined
  if (session.kioskId && !grantStands(item, session.makerTerm ?? 0)) return undefined
  return parseUser(item)
}

/**
 * A member as first stored, by a first sign-in (system) or an add (members): no supervisor yet,
 * non-exempt with no payroll id, in the default language and without a picture unless given.
 */
export const newUser = (
  orgId: string,
  fields: Pick<User, 'email' | 'firstName' | 'lastName' | 'department' | 'role' | 'username' | 'authType'> &
    Partial<Pick<User, 'id' | 'profileImageUrl' | 'language' | 'emailConfirmed'>>,
  now = nowIso(),
): User => ({
  id: fields.id ?? randomUUID(),
  organizationId: orgId,
  email: fields.email,
  firstName: fields.firstName,
  lastName: fields.lastName,
  profileImageUrl: fields.profileImageUrl ?? null,
  department: fields.department,
  role: fields.role,
  supervisorId: null,
  username: fields.username,
  authType: fields.authType,
  payType: DEFAULT_PAY_TYPE,
  payrollId: null,
  language: fields.language ?? DEFAULT_LANGUAGE,
  away: null,
  emailConfirmed: fields.emailConfirmed ?? true,
  unpaid: false,
  createdAt: now,
  updatedAt: now,
})

/**
 * A member's `supervisorId` is read as null unless it names a current supervisor of the
 * organization. A supervisor removed or made staff commits on their own item; their members'
 * stored values are cleared after, a chunk of members per transaction (members.ts,
 * `clearApproverOf`), so until then, or for good after a crash between the two, what every read
 * answers is already null. `isSupervisor` says whether an id is a current supervisor.
 */
export const withApproverIn = <T extends { supervisorId: string | null }>(
  member: T,
  isSupervisor: (id: string) => boolean,
): T => (member.supervisorId && !isSupervisor(member.supervisorId) ? { ...member, supervisorId: null } : member)

/** Members listed together: each one's approver is read against the supervisors among them. */
export const withApprovers = (members: User[]): User[] => {
  const supervisors = new Set(members.filter((u) => u.role === 'supervisor').map((u) => u.id))
  return members.map((u) => withApproverIn(u, (id) => supervisors.has(id)))
}

/** Current members with `supervisorId` as stored, read consistently (the approver clean-up looks for stale ones). */
export const storedMembersOf = async (orgId: string): Promise<User[]> => {
  const items = await table.queryPrefix(keys.orgPk(orgId), keys.usersPrefix, { ConsistentRead: true })
  return items.filter((i) => !i.removedAt).map(parseUser)
}

export const usersOf = (orgId: string) => {
  /** Whether `userId` is a current supervisor of this organization (a consistent read). */
  const isCurrentSupervisor = async (userId: string) => {
    const item = await table.get(keys.user(orgId, userId))
    return Boolean(item && !item.removedAt && item.role === 'supervisor')
  }
  /** One member as read: their approver read as null unless a current supervisor (one more read when they have one). */
  const withCurrentApprover = async (user: User): Promise<User> =>
    user.supervisorId && !(await isCurrentSupervisor(user.supervisorId)) ? { ...user, supervisorId: null } : user
  const find = async (userId: string): Promise<User | undefined> => {
    const item = await table.get(keys.user(orgId, userId))
    return item && !item.removedAt ? withCurrentApprover(parseUser(item)) : undefined
  }
  return {
    find,

    /**
     * The maker of something made in `term` (an API token), as `find` reads them, while it stands
     * (`grantStands`); undefined once they are removed, no longer a supervisor, or were one again since.
     */
    async grantMaker(userId: string, term: number): Promise<User | undefined> {
      const item = await table.get(keys.user(orgId, userId))
      return grantStands(item, term) ? withCurrentApprover(parseUser(item!)) : undefined
    },

    /**
     * What routing needs of a few members (one member's approver, the final approvers,
     * their delegates), removed ones included and marked, each by its own consistent read: a
     * submission or a decision reads these instead of the whole member directory, so its cost does
     * not grow with the organization. `supervisorId` as stored (routing's `approverOf` checks it).
     */
    async routingEntries(userIds: string[]): Promise<RoutingMember[]> {
      const items = await Promise.all(userIds.map((id) => table.get(keys.user(orgId, id))))
      return items.flatMap((item) => {
        if (!item) return []
        const u = parseUser(item)
        return [
          { id: u.id, role: u.role, supervisorId: u.supervisorId, away: u.away, removed: Boolean(item.removedAt) },
        ]
      })
    },

    /**
     * `user` (a session's member, read with its session by `sessions.open`) with its approver read
     * as every other read answers it: null unless a current supervisor.
     */
    withCurrentApprover,

    /** How a member can sign in: an identity provider's subject bound to them, a staff-pool username. */
    async signInWays(userId: string): Promise<SignInWay[]> {
      const item = await table.get(keys.user(orgId, userId))
      if (!item) return []
      return [
        ...(typeof item.subject === 'string' || item.authType === 'oidc' ? (['supervisorLogin'] as const) : []),
        ...(typeof item.username === 'string' ? (['staffLogin'] as const) : []),
      ]
    },

    /** Ends every session of a member made until now (`sessionsValidAfter`), with its audit record, in one transaction. */
    async endSessions(userId: string, by: Actor, event: AuditEvent): Promise<void> {
      await table.transact([
        currentMemberUpdate(orgId, userId, { set: 'SET sessionsValidAfter = :now', values: { ':now': nowIso() } }),
        auditRecord(orgId, by, event),
      ])
    },

    /**
     * Whether `email` is the confirmed address of a current member (the sender sends
     * nothing else but a confirmation link). Items stored by an older version have no `emailConfirmed`
     * and count as confirmed; an address no current member has counts as unconfirmed.
     */
    async addressConfirmed(email: string): Promise<boolean> {
      return (await this.addressOwner(email)).confirmed
    },

    /** Whose current address `email` is (null when nobody's), and whether its owner confirmed it. */
    async addressOwner(email: string) {
      const lookup = await table.get(keys.userEmail(orgId, email))
      const item = lookup ? await table.get(keys.user(orgId, String(lookup.userId))) : undefined
      const owns =
        item && !item.removedAt && typeof item.email === 'string' && item.email.toLowerCase() === email.toLowerCase()
      return {
        confirmed: Boolean(owns && item.emailConfirmed !== false),
        member: owns
          ? { id: String(item.id), firstName: String(item.firstName), lastName: String(item.lastName) }
          : null,
      }
    },

    /** A current member; removed members are not found. */
    async get(userId: string): Promise<User> {
      const user = await find(userId)
      if (!user) throw notFound('member')
      return user
    },

    /**
     * A member as the records know them, removed or not (names on old timesheets); `supervisorId`
     * as stored (records never show it; `find` and `get` read it as current).
     */
    async findForRecords(userId: string, consistent = false): Promise<User | undefined> {
      const item = await table.get(keys.user(orgId, userId), consistent)
      return item ? parseUser(item) : undefined
    },

    /** Everyone who ever belonged, removed members included (for names in exports). */
    /** Every member, removed ones too with when (`removedAt`): what the records of past work name. */
    async listForRecords(): Promise<RecordMember[]> {
      const items = await table.queryPrefix(keys.orgPk(orgId), keys.usersPrefix)
      const supervisors = new Set(items.filter((i) => !i.removedAt && i.role === 'supervisor').map((i) => i.id))
      return items.map((i) => ({
        ...withApproverIn(parseUser(i), (id) => supervisors.has(id)),
        ...(typeof i.removedAt === 'string' ? { removedAt: i.removedAt } : {}),
        ...(typeof i.leftOn === 'string' ? { leftOn: i.leftOn } : {}),
      }))
    },

    async list(): Promise<User[]> {
      const items = await table.queryPrefix(keys.orgPk(orgId), keys.usersPrefix)
      return withApprovers(items.filter((i) => !i.removedAt).map(parseUser))
    },
  }
}

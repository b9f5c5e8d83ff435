import { notFound, User } from '@app/core'
import { keys } from './keys.ts'
import { table } from './table.ts'

/** Stored user items carry the user's fields plus keys; parsing strips the keys. */
export const parseUser = (item: Record<string, unknown>) => User.parse(item)

export const usersOf = (orgId: string) => {
  const find = async (userId: string): Promise<User | undefined> => {
    const item = await table.get(keys.user(orgId, userId))
    return item && !item.removedAt ? parseUser(item) : undefined
  }
  return {
    find,

    /** A current member; removed members are not found. */
    async get(userId: string): Promise<User> {
      const user = await find(userId)
      if (!user) throw notFound('member')
      return user
    },

    /** A member as the records know them, removed or not (names on old timesheets). */
    async findForRecords(userId: string): Promise<User | undefined> {
      const item = await table.get(keys.user(orgId, userId), false)
      return item ? parseUser(item) : undefined
    },

    /** Everyone who ever belonged, removed members included (for names in exports). */
    async listForRecords(): Promise<User[]> {
      const items = await table.queryAll({
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':p': keys.orgPk(orgId), ':s': keys.usersPrefix },
      })
      return items.map(parseUser)
    },

    async list(): Promise<User[]> {
      const items = await table.queryAll({
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':p': keys.orgPk(orgId), ':s': keys.usersPrefix },
      })
      return items.filter((i) => !i.removedAt).map(parseUser)
    },
  }
}

import { notFound, User } from '@app/core'
import { keys } from './keys.ts'
import { table } from './table.ts'

/** Stored user items carry the user's fields plus keys; parsing strips the keys. */
export const parseUser = (item: Record<string, unknown>) => User.parse(item)

export const usersOf = (orgId: string) => ({
  async get(userId: string): Promise<User> {
    const item = await table.get(keys.user(orgId, userId))
    if (!item) throw notFound('member')
    return parseUser(item)
  },

  async find(userId: string): Promise<User | undefined> {
    const item = await table.get(keys.user(orgId, userId))
    return item ? parseUser(item) : undefined
  },

  async list(): Promise<User[]> {
    const items = await table.queryAll({
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': keys.orgPk(orgId), ':s': keys.usersPrefix },
    })
    return items.map(parseUser)
  },
})

import { notFound, Organization } from '@app/core'
import { nowIso, table } from './table.ts'
import { keys } from './keys.ts'

export const organizationOf = (orgId: string) => ({
  async get(): Promise<Organization> {
    const item = await table.get(keys.organization(orgId))
    if (!item) throw notFound('organization')
    return Organization.parse(item)
  },

  /** Changes the organization's own settings (never its billing fields, which only webhooks write). */
  async updateSettings(
    changes: Partial<Pick<Organization, 'name' | 'logoUrl' | 'timeZone' | 'weekStartDay'>>,
  ): Promise<Organization> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined)
    const names = Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k]))
    const values = Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v]))
    const out = await table.update(keys.organization(orgId), {
      UpdateExpression: `SET ${[...entries.map((_, i) => `#f${i} = :v${i}`), 'updatedAt = :now'].join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
      ExpressionAttributeValues: { ...values, ':now': nowIso() },
      ReturnValues: 'ALL_NEW',
    })
    return Organization.parse(out)
  },
})

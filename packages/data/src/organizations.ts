import { notFound, Organization } from '@app/core'
import { keys } from './keys.ts'
import { table } from './table.ts'

export const organizationOf = (orgId: string) => ({
  async get(): Promise<Organization> {
    const item = await table.get(keys.organization(orgId))
    if (!item) throw notFound('organization')
    return Organization.parse(item)
  },
})

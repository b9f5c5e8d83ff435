import {
  assertCanBrand,
  badRequest,
  entitlements,
  logoUrlAllowed,
  OrganizationSettingsUpdate,
  settingsOf,
  OrganizationSettings,
} from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Name, logo, time zone, week start and working days. A new logo needs a plan with custom branding. */
export default defineRoute({
  method: 'PUT',
  path: '/api/organization/settings',
  auth: 'supervisor',
  body: OrganizationSettingsUpdate,
  response: OrganizationSettings,
  uses: ['table'],
  handler: async ({ body, session, db }): Promise<OrganizationSettings> => {
    if (body.logoUrl && !logoUrlAllowed(body.logoUrl, db.orgId)) {
      throw badRequest('Logo URL must start with https://', { logoUrl: 'Logo URL must start with https://' })
    }
    const current = await db.organization.get()
    const logoChanges = body.logoUrl !== undefined && body.logoUrl !== current.logoUrl
    if (logoChanges && body.logoUrl !== null) assertCanBrand(entitlements(current))
    const org = await db.organization.updateSettings(
      {
        name: body.organizationName,
        logoUrl: body.logoUrl,
        timeZone: body.timeZone,
        weekStartDay: body.weekStartDay,
        approvalEmails: body.approvalEmails,
        workingDays: body.workingDays,
      },
      session.user,
    )
    return settingsOf(org, session.user)
  },
})

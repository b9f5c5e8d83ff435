import { filesFor } from '@app/adapters'
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
import { storeLogo } from '../workflows/logos.ts'

/**
 * Name, logo, time zone, week start and working days. A new logo needs a plan with custom branding;
 * one sent as the image itself (a data URL, as the spec's client sends it) is checked and stored
 * as the upload stores it, and its stored path becomes the logo.
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/organization/settings',
  auth: 'supervisor',
  // The church's own settings, every campus's alike: its whole-church supervisors change them.
  wholeChurch: true,
  body: OrganizationSettingsUpdate,
  response: OrganizationSettings,
  errors: [402, 404],
  uses: ['table', 'logosBucket'],
  files: filesFor,
  handler: async ({ body, session, db, files }): Promise<OrganizationSettings> => {
    const image = body.logoUrl?.startsWith('data:') === true
    if (body.logoUrl && !image && !logoUrlAllowed(body.logoUrl, db.orgId)) {
      throw badRequest('Logo URL must start with https://', { logoUrl: 'Logo URL must start with https://' })
    }
    const current = await db.organization.get()
    // A new logo needs custom branding, checked before an image is stored: a refusal stores nothing.
    if (body.logoUrl && (image || body.logoUrl !== current.logoUrl)) assertCanBrand(entitlements(current))
    const logoUrl = image ? await storeLogo(files, body.logoUrl!, 'logoUrl') : body.logoUrl
    const org = await db.organization.updateSettings(
      {
        name: body.organizationName,
        logoUrl,
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

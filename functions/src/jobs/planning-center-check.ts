import { planningCenterApi, type PlanningCenterAuth } from '@app/adapters'

/**
 * `npm run job -- integration-check planning-center`: the calls a sync makes, once, against
 * Planning Center People with a personal access token (PLANNING_CENTER_APPLICATION_ID and
 * PLANNING_CENTER_SECRET) or an OAuth access token (PLANNING_CENTER_ACCESS_TOKEN); the API
 * address is PLANNING_CENTER_BASE_URL when set. It reads the organization, its lists, and the
 * people (with emails and primary campus) of the first list, or of PLANNING_CENTER_LIST_ID; it
 * writes nothing there or here. Each step is printed; the first refusal stops it.
 */
export const planningCenterIntegrationCheck = async (
  env: { applicationId?: string; secret?: string; accessToken?: string; listId?: string; base?: string },
  log: (line: string) => void,
) => {
  const auth: PlanningCenterAuth | undefined = env.accessToken
    ? { accessToken: env.accessToken }
    : env.applicationId && env.secret
      ? { applicationId: env.applicationId, secret: env.secret }
      : undefined
  if (!auth)
    throw new Error(
      'Set PLANNING_CENTER_APPLICATION_ID and PLANNING_CENTER_SECRET (a personal access token), or PLANNING_CENTER_ACCESS_TOKEN',
    )
  const api = planningCenterApi({ auth, ...(env.base ? { base: env.base } : {}) })
  const organization = await api.organization()
  log(`organization ${organization.id} (${organization.name})`)
  const lists = await api.lists()
  log(`${lists.length} lists: ${lists.map((l) => l.name).join(', ') || 'none'}`)
  const list = env.listId ? lists.find((l) => l.id === env.listId) : lists[0]
  if (!list) return { organization: organization.id, lists: lists.length, people: null, requests: api.requestCount() }
  const people = await api.listPeople(list.id, 'staff')
  const withEmail = people.filter((p) => p.email).length
  const withCampus = people.filter((p) => p.campusName).length
  log(`list ${list.name}: ${people.length} people, ${withEmail} with an email, ${withCampus} with a primary campus`)
  return { organization: organization.id, lists: lists.length, people: people.length, requests: api.requestCount() }
}

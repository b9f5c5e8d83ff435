import { createHmac, randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { sendJson, startOAuthDouble, type Recorded } from './oauth-double.ts'

/**
 * A double of Planning Center People (a test fixture): its OAuth server (oauth-double.ts, client
 * authentication in the form) and the People API parts the sync reads, answering JSON:API
 * documents shaped as Planning Center's reference gives them (developer.planning.center, People
 * 2025-03-20: Organization, List, Person with `emails` and `primary_campus` relationships, Email,
 * Campus; `links.next` and `meta.next.offset` for paging). Requests are authenticated by an OAuth
 * access token or a personal access token (HTTP Basic, application id and secret), and checked
 * against the documented parameters (`per_page` 1..100, `offset` a whole number, `include` among
 * the ones a Person can include, `order` among its documented sorts): `contractProblems` lists
 * any request that strayed. A 429 with `Retry-After` can be asked for; webhook deliveries are
 * built signed as Planning Center signs them (`X-PCO-Webhooks-Authenticity`).
 */
export const PCO_ORGANIZATION = '205173'
export const PAT = { applicationId: 'pco-app-id-4f1c', secret: 'pco-pat-secret-9b2e' }

export interface DoublePerson {
  id: string
  first_name: string
  last_name: string
  emails: { id: string; address: string; primary: boolean }[]
  campusId: string | null
}

/** A person of the double with one primary email address (or none), at a campus (or none). */
export const doublePerson = (
  id: string,
  first_name: string,
  last_name: string,
  email: string | null,
  campusId: string | null = null,
): DoublePerson => ({
  id,
  first_name,
  last_name,
  emails: email ? [{ id: `email-${id}`, address: email, primary: true }] : [],
  campusId,
})

const PERSON_INCLUDES = [
  'addresses',
  'emails',
  'field_data',
  'households',
  'inactive_reason',
  'marital_status',
  'name_prefix',
  'name_suffix',
  'organization',
  'person_apps',
  'phone_numbers',
  'platform_notifications',
  'primary_campus',
  'school',
  'social_profiles',
]
const LIST_ORDERS = ['name', '-name', 'created_at', '-created_at', 'updated_at', '-updated_at']

export const startPlanningCenterDouble = async (data: {
  campuses: { id: string; name: string }[]
  lists: { id: string; name: string; people: string[] }[]
  people: DoublePerson[]
  /** Page size cap the double uses (to make paging happen with few people). */
  pageSize?: number
}) => {
  const contractProblems: string[] = []
  const apiRequests: Recorded[] = []
  let tooMany = 0
  const stamp = '2025-06-01T12:00:00Z'

  const personResource = (p: DoublePerson) => ({
    type: 'Person',
    id: p.id,
    attributes: {
      first_name: p.first_name,
      last_name: p.last_name,
      name: `${p.first_name} ${p.last_name}`,
      status: 'active',
      membership: 'Member',
      created_at: stamp,
      updated_at: stamp,
    },
    relationships: {
      emails: { data: p.emails.map((e) => ({ type: 'Email', id: e.id })) },
      primary_campus: { data: p.campusId ? { type: 'Campus', id: p.campusId } : null },
    },
    links: { self: `https://api.planningcenteronline.com/people/v2/people/${p.id}` },
  })
  const includedOf = (people: DoublePerson[], include: string[]) => [
    ...(include.includes('emails')
      ? people.flatMap((p) =>
          p.emails.map((e) => ({
            type: 'Email',
            id: e.id,
            attributes: {
              address: e.address,
              location: 'Home',
              primary: e.primary,
              blocked: false,
              created_at: stamp,
              updated_at: stamp,
            },
            relationships: { person: { data: { type: 'Person', id: p.id } } },
          })),
        )
      : []),
    ...(include.includes('primary_campus')
      ? data.campuses
          .filter((c) => people.some((p) => p.campusId === c.id))
          .map((c) => ({
            type: 'Campus',
            id: c.id,
            attributes: { name: c.name, created_at: stamp, updated_at: stamp },
          }))
      : []),
  ]
  const meta = (total: number, count: number, next: number | null) => ({
    total_count: total,
    count,
    ...(next === null ? {} : { next: { offset: next } }),
    can_include: PERSON_INCLUDES,
    parent: { id: PCO_ORGANIZATION, type: 'Organization' },
  })

  /** Checks a request's query against the documented parameters; the problems are kept. */
  const checkQuery = (req: Recorded, allowed: string[]) => {
    for (const [key, value] of req.query) {
      if (!allowed.includes(key)) contractProblems.push(`${req.path}: unknown parameter ${key}`)
      if (key === 'per_page' && !(/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 100))
        contractProblems.push(`${req.path}: per_page ${value} (min=1, max=100)`)
      if (key === 'offset' && !/^\d+$/.test(value)) contractProblems.push(`${req.path}: offset ${value}`)
      if (key === 'include')
        for (const inc of value.split(','))
          if (!PERSON_INCLUDES.includes(inc)) contractProblems.push(`${req.path}: include ${inc}`)
      if (key === 'order' && !LIST_ORDERS.includes(value)) contractProblems.push(`${req.path}: order ${value}`)
    }
  }

  const page = <T>(req: Recorded, all: T[]) => {
    const per = Math.min(Number(req.query.get('per_page') ?? 25), data.pageSize ?? 100)
    const offset = Number(req.query.get('offset') ?? 0)
    const items = all.slice(offset, offset + per)
    const next = offset + per < all.length ? offset + per : null
    const nextUrl = new URL(`https://api.planningcenteronline.com${req.path}`)
    for (const [k, v] of req.query) nextUrl.searchParams.set(k, v)
    nextUrl.searchParams.set('offset', String(next))
    return {
      items,
      total: all.length,
      next,
      links: {
        self: `https://api.planningcenteronline.com${req.path}`,
        ...(next === null ? {} : { next: nextUrl.toString() }),
      },
    }
  }

  const double = await startOAuthDouble({
    clientId: 'pco-client',
    clientSecret: 'pco-secret',
    clientAuth: 'post',
    api: (req, grant, res: ServerResponse) => {
      if (!req.path.startsWith('/people/v2')) return false
      apiRequests.push(req)
      const basic = `Basic ${Buffer.from(`${PAT.applicationId}:${PAT.secret}`).toString('base64')}`
      if (!grant && req.headers.authorization !== basic) {
        sendJson(res, 401, {
          errors: [{ status: '401', title: 'Unauthorized', detail: 'Please provide valid credentials' }],
        })
        return
      }
      if (tooMany > 0) {
        tooMany--
        sendJson(
          res,
          429,
          {
            errors: [
              {
                code: '429',
                title: 'Too Many Requests',
                detail: 'Rate limit exceeded: 101 of 100 requests per 20 seconds',
              },
            ],
          },
          {
            'retry-after': '1',
            'x-pco-api-request-rate-limit': '100',
            'x-pco-api-request-rate-period': '20',
            'x-pco-api-request-rate-count': '101',
          },
        )
        return
      }
      const rate = {
        'x-pco-api-request-rate-limit': '100',
        'x-pco-api-request-rate-period': '20',
        'x-pco-api-request-rate-count': '1',
      }
      if (req.method !== 'GET') {
        sendJson(res, 405, { errors: [{ status: '405', title: 'Method Not Allowed' }] })
        return
      }
      if (req.path === '/people/v2') {
        checkQuery(req, [])
        sendJson(
          res,
          200,
          {
            data: {
              type: 'Organization',
              id: PCO_ORGANIZATION,
              attributes: {
                name: 'Grace Church',
                time_zone: 'America/Chicago',
                date_format: '%m/%d/%Y',
                country_code: 'US',
                created_at: stamp,
              },
              links: { self: 'https://api.planningcenteronline.com/people/v2' },
            },
            included: [],
            meta: { can_include: [] },
          },
          rate,
        )
        return
      }
      if (req.path === '/people/v2/lists') {
        checkQuery(req, ['per_page', 'offset', 'order', 'include', 'where[name]'])
        const p = page(req, data.lists)
        sendJson(
          res,
          200,
          {
            links: p.links,
            data: p.items.map((l) => ({
              type: 'List',
              id: l.id,
              attributes: {
                name: l.name,
                auto_refresh: true,
                status: 'complete',
                total_people: l.people.length,
                description: '',
                created_at: stamp,
                updated_at: stamp,
                refreshed_at: stamp,
              },
              links: { self: `https://api.planningcenteronline.com/people/v2/lists/${l.id}` },
            })),
            included: [],
            meta: meta(p.total, p.items.length, p.next),
          },
          rate,
        )
        return
      }
      const listPeople = /^\/people\/v2\/lists\/([^/]+)\/people$/.exec(req.path)
      if (listPeople) {
        checkQuery(req, ['per_page', 'offset', 'include', 'order'])
        const list = data.lists.find((l) => l.id === listPeople[1])
        if (!list) {
          sendJson(res, 404, {
            errors: [{ status: '404', title: 'Not Found', detail: 'The resource you requested could not be found' }],
          })
          return
        }
        const people = list.people.flatMap((id) => data.people.filter((p) => p.id === id))
        const p = page(req, people)
        const include = (req.query.get('include') ?? '').split(',').filter(Boolean)
        sendJson(
          res,
          200,
          {
            links: p.links,
            data: p.items.map(personResource),
            included: includedOf(p.items, include),
            meta: meta(p.total, p.items.length, p.next),
          },
          rate,
        )
        return
      }
      const onePerson = /^\/people\/v2\/people\/([^/]+)$/.exec(req.path)
      if (onePerson) {
        checkQuery(req, ['include'])
        const person = data.people.find((p) => p.id === onePerson[1])
        if (!person) {
          sendJson(res, 404, {
            errors: [{ status: '404', title: 'Not Found', detail: 'The resource you requested could not be found' }],
          })
          return
        }
        const include = (req.query.get('include') ?? '').split(',').filter(Boolean)
        sendJson(
          res,
          200,
          {
            data: personResource(person),
            included: includedOf([person], include),
            meta: { can_include: PERSON_INCLUDES, parent: { id: PCO_ORGANIZATION, type: 'Organization' } },
          },
          rate,
        )
        return
      }
      sendJson(res, 404, {
        errors: [{ status: '404', title: 'Not Found', detail: 'The resource you requested could not be found' }],
      })
    },
  })

  return {
    ...double,
    data,
    apiRequests,
    contractProblems,
    /** The next `n` API requests answer 429 with Retry-After: 1. */
    tooManyRequests: (n: number) => (tooMany = n),
    /**
     * A webhook request as Planning Center delivers it: a JSON:API document whose `data` is a list
     * of one EventDelivery (its event name, attempt, the resource as a JSON string in `payload`, the
     * organization in its relationships), and its signature under `secret`.
     */
    delivery(event: string, personId: string, secret: string, organizationId = PCO_ORGANIZATION) {
      const person = data.people.find((p) => p.id === personId)
      const payload = {
        data: person ? personResource(person) : { type: 'Person', id: personId, attributes: {}, relationships: {} },
        included: [],
        meta: { can_include: PERSON_INCLUDES, parent: { id: organizationId, type: 'Organization' } },
      }
      const body = JSON.stringify({
        data: [
          {
            id: randomUUID(),
            type: 'EventDelivery',
            attributes: { name: event, attempt: 1, payload: JSON.stringify(payload) },
            relationships: { organization: { data: { type: 'Organization', id: organizationId } } },
          },
        ],
      })
      return { body, signature: createHmac('sha256', secret).update(body).digest('hex') }
    },
  }
}
export type PlanningCenterDouble = Awaited<ReturnType<typeof startPlanningCenterDouble>>

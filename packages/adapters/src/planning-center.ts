import { createHmac, timingSafeEqual } from 'node:crypto'
import type { PlanningCenterListKind, PlanningCenterPerson } from '@app/core'
import { read } from './config.ts'
import { VendorError, vendorErrorOf, vendorFetch } from './vendor-http.ts'

/**
 * Planning Center People over HTTP (JSON:API, plain fetch): the account's organization, its lists,
 * a list's people with their emails and primary campus, one person. Pages are followed by
 * `links.next` (offset paging, 100 a page). Planning Center allows about 100 requests per 20
 * seconds per account: the client spaces its own requests to stay under that, and a 429 waits for
 * its `Retry-After` and tries again (three times at most, then the VendorError is thrown as
 * transient). Webhook deliveries are verified here too (HMAC-SHA256 of the raw body with the
 * subscription's authenticity secret, hex, in `X-PCO-Webhooks-Authenticity`).
 */
export const PLANNING_CENTER_API = 'https://api.planningcenteronline.com'
export const RATE_LIMIT = { requests: 100, periodMs: 20_000 }
/** The longest Retry-After the client waits within one run; longer, and the run stops (transient). */
const MAX_WAIT_SECONDS = 60
const TRIES_ON_429 = 3

/** How requests are authenticated: an OAuth access token, or a personal access token (application id and secret). */
export type PlanningCenterAuth = { accessToken: string } | { applicationId: string; secret: string }

interface Resource {
  type: string
  id: string
  attributes?: Record<string, unknown>
  relationships?: Record<string, { data?: { type: string; id: string } | { type: string; id: string }[] | null }>
}
interface Document {
  data: Resource | Resource[]
  included?: Resource[]
  links?: { next?: string | null }
  meta?: { total_count?: number; next?: { offset?: number } }
}

export interface PlanningCenterList {
  id: string
  name: string
}

export interface PlanningCenterClientOptions {
  auth: PlanningCenterAuth
  /** The API's address (PLANNING_CENTER_BASE_URL in tests, else Planning Center's). */
  base?: string
  /** How a wait is done (tests pass a clock that does not sleep). */
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** The API address: PLANNING_CENTER_BASE_URL when set (a test double), else Planning Center's own. */
export const planningCenterBase = () => read('PLANNING_CENTER_BASE_URL')?.replace(/\/+$/, '') ?? PLANNING_CENTER_API

/** A person of a JSON:API document, with their emails and primary campus from its `included`. */
export const personOf = (person: Resource, included: readonly Resource[], list: PlanningCenterListKind) => {
  const find = (type: string, id: string) => included.find((r) => r.type === type && r.id === id)
  const related = (name: string) => {
    const data = person.relationships?.[name]?.data
    return data == null ? [] : Array.isArray(data) ? data : [data]
  }
  const emails = related('emails').flatMap((ref) => {
    const email = find('Email', ref.id)
    return email ? [{ address: text(email.attributes?.address), primary: email.attributes?.primary === true }] : []
  })
  const email = (emails.find((e) => e.primary && e.address) ?? emails.find((e) => e.address))?.address ?? null
  const campusRef = related('primary_campus')[0]
  const campus = campusRef ? find('Campus', campusRef.id) : undefined
  const a = person.attributes ?? {}
  return {
    id: person.id,
    firstName: text(a.first_name),
    lastName: text(a.last_name),
    email,
    campusName: campus ? text(campus.attributes?.name) || null : null,
    list,
  } satisfies PlanningCenterPerson
}

export const planningCenterApi = (options: PlanningCenterClientOptions) => {
  const base = (options.base ?? planningCenterBase()).replace(/\/+$/, '')
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const now = options.now ?? Date.now
  const authorization =
    'accessToken' in options.auth
      ? `Bearer ${options.auth.accessToken}`
      : `Basic ${Buffer.from(`${options.auth.applicationId}:${options.auth.secret}`).toString('base64')}`
  /** When each of the last requests was made: the next waits while RATE_LIMIT.requests were made within the period. */
  const sent: number[] = []
  let requests = 0

  const spaced = async () => {
    while (sent.length && now() - sent[0]! >= RATE_LIMIT.periodMs) sent.shift()
    if (sent.length >= RATE_LIMIT.requests) {
      await sleep(RATE_LIMIT.periodMs - (now() - sent[0]!))
      sent.shift()
    }
    sent.push(now())
  }

  const get = async (url: string): Promise<Document> => {
    for (let attempt = 1; ; attempt++) {
      await spaced()
      requests++
      const res = await vendorFetch(url, { method: 'GET', headers: { accept: 'application/json', authorization } })
      if (res.ok) return (await res.json()) as Document
      const error = await vendorErrorOf(res)
      const wait = error.retryAfterSeconds ?? 20
      if (res.status !== 429 || attempt >= TRIES_ON_429 || wait > MAX_WAIT_SECONDS) throw error
      await sleep(wait * 1000)
    }
  }

  /** Every resource of a collection, page after page by `links.next`. */
  const all = async (path: string, params: Record<string, string>) => {
    const first = new URL(`${base}${path}`)
    for (const [k, v] of Object.entries({ per_page: '100', ...params })) first.searchParams.set(k, v)
    const data: Resource[] = []
    const included: Resource[] = []
    for (let url: string | null | undefined = first.toString(); url;) {
      const page = await get(url)
      data.push(...(Array.isArray(page.data) ? page.data : [page.data]))
      included.push(...(page.included ?? []))
      // The next page's address, on the base we were given (a double answers on its own host).
      url = page.links?.next ? `${base}${new URL(page.links.next).pathname}${new URL(page.links.next).search}` : null
    }
    return { data, included }
  }

  return {
    /** How many requests this client made (the integration check prints it). */
    requestCount: () => requests,

    /** The Planning Center organization the token reaches (the People API's root is the Organization). */
    async organization(): Promise<{ id: string; name: string }> {
      const doc = await get(`${base}/people/v2`)
      const org = doc.data as Resource
      return { id: org.id, name: text(org.attributes?.name) }
    },

    /** The organization's lists, by name. */
    async lists(): Promise<PlanningCenterList[]> {
      const { data } = await all('/people/v2/lists', { order: 'name' })
      return data.map((l) => ({ id: l.id, name: text(l.attributes?.name) }))
    },

    /** The people a list holds now, with their emails and primary campus. */
    async listPeople(listId: string, kind: PlanningCenterListKind): Promise<PlanningCenterPerson[]> {
      const { data, included } = await all(`/people/v2/lists/${encodeURIComponent(listId)}/people`, {
        include: 'emails,primary_campus',
      })
      return data.map((p) => personOf(p, included, kind))
    },

    /** One person with emails and primary campus; null when Planning Center no longer has them. */
    async person(id: string, kind: PlanningCenterListKind): Promise<PlanningCenterPerson | null> {
      const url = new URL(`${base}/people/v2/people/${encodeURIComponent(id)}`)
      url.searchParams.set('include', 'emails,primary_campus')
      try {
        const doc = await get(url.toString())
        return personOf(doc.data as Resource, doc.included ?? [], kind)
      } catch (e) {
        if (e instanceof VendorError && e.status === 404) return null
        throw e
      }
    },
  }
}
export type PlanningCenterApi = ReturnType<typeof planningCenterApi>

/** Whether `signature` (the X-PCO-Webhooks-Authenticity header, hex) is the body's HMAC-SHA256 under one of the secrets. */
export const planningCenterSignatureValid = (
  rawBody: string,
  signature: string | undefined,
  secrets: readonly string[],
): boolean => {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false
  const given = Buffer.from(signature.trim().toLowerCase(), 'hex')
  return secrets.some((secret) => {
    const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest()
    return timingSafeEqual(expected, given)
  })
}

/** One webhook delivery: its event name, Planning Center organization, and the person it is about. */
export interface PlanningCenterDelivery {
  id: string
  /** `people.v2.events.person.updated` and the like. */
  name: string
  attempt: number
  organizationId: string | null
  /** The person the event is about (the payload's resource), when it is a person. */
  personId: string | null
}

/**
 * A webhook request's deliveries (`data` is a list of EventDelivery; each carries its event's name,
 * the organization in its relationships, and the resource as a JSON string in `payload`). Null when
 * the body is not such a document.
 */
export const readPlanningCenterDeliveries = (rawBody: string): PlanningCenterDelivery[] | null => {
  let doc: unknown
  try {
    doc = JSON.parse(rawBody)
  } catch {
    return null
  }
  const data = (doc as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) return null
  const deliveries: PlanningCenterDelivery[] = []
  for (const item of data as Resource[]) {
    if (item?.type !== 'EventDelivery' || typeof item.id !== 'string') return null
    const org = item.relationships?.organization?.data
    let personId: string | null = null
    try {
      const payload = JSON.parse(text(item.attributes?.payload)) as { data?: Resource }
      if (payload.data?.type === 'Person' && typeof payload.data.id === 'string') personId = payload.data.id
    } catch {
      // a payload that is not JSON names no one
    }
    deliveries.push({
      id: item.id,
      name: text(item.attributes?.name),
      attempt: Number(item.attributes?.attempt ?? 1),
      organizationId: org && !Array.isArray(org) ? org.id : null,
      personId,
    })
  }
  return deliveries
}

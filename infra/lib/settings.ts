import { plans } from '@app/core'

/**
 * Everything the stack takes from `--context` (or cdk.json), read and checked in one place.
 * infra/README.md lists the same values with their defaults.
 */
export type SupervisorIdp = 'cognito' | 'google' | 'oidc'

export interface Settings {
  stackName: string
  /** A custom domain for the site (CloudFront alias); needs `certificateArn` from us-east-1. */
  domainName?: string
  certificateArn?: string
  /**
   * A certificate for `domainName` in the app's own region (API Gateway's custom domains are
   * regional). With it, the HTTP API answers only through that custom domain, which CloudFront's
   * /api/* origin uses: its default execute-api endpoint is disabled. Without it (or without a
   * domain) the execute-api endpoint stays CloudFront's origin, guarded by x-origin-verify.
   */
  apiCertificateArn?: string
  /** The sender address of every email; verified in SES as an address, or through `mailDomain`. */
  mailFrom: string
  /** When set, SES verifies this whole domain (DKIM) instead of the single `mailFrom` address. */
  mailDomain?: string
  supervisorIdp: SupervisorIdp
  /** The external identity provider's client id (google, oidc). */
  idpClientId?: string
  /** Name or ARN of the Secrets Manager secret (a plain string) holding that provider's client secret. */
  idpClientSecretName?: string
  /** The external OpenID Connect issuer (oidc only). */
  oidcIssuer?: string
  /** The provider's name on the hosted UI (oidc only). */
  oidcProviderName: string
  /** Prefix of the supervisor pool's hosted UI domain (`<prefix>.auth.<region>.amazoncognito.com`). */
  authDomainPrefix?: string
  /**
   * Our plan price ids mapped to the Stripe account's price ids, as JSON
   * (`{"price_professional_monthly":"price_1Q..."}`): STRIPE_PRICES of the billing functions.
   */
  stripePrices?: string
  /**
   * Stripe's publishable key (`pk_live_...`, `pk_test_...`), which checkout sends to the browser:
   * STRIPE_PUBLISHABLE_KEY of the billing functions. Without it checkout says billing is not configured.
   */
  stripePublishableKey?: string
  /** Where alarm notifications go (an email subscription to the alarm topic). */
  alarmEmail?: string
  /**
   * Steady requests per second and burst for the whole HTTP API stage: sized to protect capacity
   * (the account's 1,000 concurrent Lambda functions by default), not to limit anyone; the web
   * ACL limits each address.
   */
  apiRateLimit: number
  apiBurstLimit: number
  /** Each sign-in route's own steady rate and burst in the API stage: under Cognito's 120 sign-ins a second per account. */
  signInRateLimit: number
  signInBurstLimit: number
  /** The web ACL: requests one client address may make in 5 minutes, to the whole site and to the sign-in paths. */
  wafPerIpLimit: number
  wafSignInPerIpLimit: number
  /**
   * Synthesize the API without any route (context `detachRoutes=true`): the one deploy that takes
   * a stack deployed before the routes moved into nested stacks off its old routes, whose route
   * keys the nested stacks' routes could not take while they exist (docs/operations.md).
   */
  detachRoutes: boolean
}

type Lookup = (key: string) => unknown

/** Our plan price ids (packages/core/src/plans.ts), the keys `stripePrices` may map. */
export const planPriceIds: string[] = plans.flatMap((p) => Object.values(p.priceIds))

const text = (get: Lookup, key: string): string | undefined => {
  const v = get(key)
  if (v === undefined || v === null || v === '') return undefined
  if (typeof v !== 'string') throw new Error(`Context value '${key}' must be a string`)
  return v.trim()
}

const positive = (get: Lookup, key: string, fallback: number): number => {
  const v = get(key)
  if (v === undefined || v === null || v === '') return fallback
  const n = typeof v === 'number' ? v : Number(v)
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Context value '${key}' must be a positive integer`)
  return n
}

const flag = (get: Lookup, key: string): boolean => {
  const v = get(key)
  if (v === undefined || v === null || v === '' || v === false || v === 'false') return false
  if (v === true || v === 'true') return true
  throw new Error(`Context value '${key}' must be true or false`)
}

/** WAF's rate-based rules take a limit of at least 10 requests per window. */
const atLeast = (get: Lookup, key: string, fallback: number, min: number): number => {
  const n = positive(get, key, fallback)
  if (n < min) throw new Error(`Context value '${key}' must be at least ${min}`)
  return n
}

const required = (value: string | undefined, key: string, why: string): string => {
  if (!value) throw new Error(`Context value '${key}' is required ${why}`)
  return value
}

/** Reads the settings; `get` is `node.tryGetContext` of the app. Throws a clear message on a bad value. */
export const readSettings = (get: Lookup): Settings => {
  const domainName = text(get, 'domainName')
  const certificateArn = text(get, 'certificateArn')
  if (domainName) required(certificateArn, 'certificateArn', 'with domainName (an ACM certificate in us-east-1)')
  if (certificateArn && !domainName) throw new Error(`Context value 'certificateArn' needs 'domainName'`)
  const apiCertificateArn = text(get, 'apiCertificateArn')
  if (apiCertificateArn && !domainName) throw new Error(`Context value 'apiCertificateArn' needs 'domainName'`)

  const supervisorIdp = (text(get, 'supervisorIdp') ?? 'cognito') as SupervisorIdp
  if (!['cognito', 'google', 'oidc'].includes(supervisorIdp)) {
    throw new Error(`Context value 'supervisorIdp' must be cognito, google or oidc`)
  }
  const idpClientId = text(get, 'idpClientId')
  const idpClientSecretName = text(get, 'idpClientSecretName')
  const oidcIssuer = text(get, 'oidcIssuer')
  if (supervisorIdp !== 'cognito') {
    required(idpClientId, 'idpClientId', `for supervisorIdp=${supervisorIdp}`)
    required(idpClientSecretName, 'idpClientSecretName', `for supervisorIdp=${supervisorIdp}`)
  }
  if (
    supervisorIdp === 'oidc' &&
    !required(oidcIssuer, 'oidcIssuer', 'for supervisorIdp=oidc').startsWith('https://')
  ) {
    throw new Error(`Context value 'oidcIssuer' must be an https URL`)
  }

  // No made-up default: SES sends only from an identity someone can verify, so an address at
  // example.com would leave every email of the deployed app unsent.
  const mailFrom =
    text(get, 'mailFrom') ??
    (domainName
      ? `no-reply@${domainName}`
      : required(
          undefined,
          'mailFrom',
          'without domainName: the sender of every email, an address you can verify in SES (--context mailFrom=office@your-church.org)',
        ))
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom)) throw new Error(`Context value 'mailFrom' must be an email address`)
  const mailDomain = text(get, 'mailDomain')
  if (mailDomain && !mailFrom.toLowerCase().endsWith(`@${mailDomain.toLowerCase()}`)) {
    throw new Error(`Context value 'mailFrom' must be an address at 'mailDomain' (${mailDomain})`)
  }

  const authDomainPrefix = text(get, 'authDomainPrefix')
  if (authDomainPrefix && !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(authDomainPrefix)) {
    throw new Error(`Context value 'authDomainPrefix' must be lowercase letters, digits and hyphens`)
  }
  if (authDomainPrefix && /aws|amazon|cognito/.test(authDomainPrefix)) {
    throw new Error(`Context value 'authDomainPrefix' may not contain aws, amazon or cognito`)
  }

  const stripePricesValue = get('stripePrices')
  let stripePrices: string | undefined
  if (stripePricesValue !== undefined && stripePricesValue !== null && stripePricesValue !== '') {
    let parsed: unknown = stripePricesValue
    try {
      if (typeof parsed === 'string') parsed = JSON.parse(parsed)
    } catch {
      parsed = undefined
    }
    const valid =
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every((v) => typeof v === 'string')
    if (!valid) throw new Error(`Context value 'stripePrices' must be a JSON object of price ids`)
    const map = parsed as Record<string, string>
    const unknown = Object.keys(map).filter((k) => !planPriceIds.includes(k))
    if (unknown.length) {
      throw new Error(
        `Context value 'stripePrices' maps unknown plan price ids (${unknown.join(', ')}); ours are ${planPriceIds.join(', ')}`,
      )
    }
    const notPrices = Object.values(map).filter((v) => !/^price_\w+$/.test(v))
    if (notPrices.length) {
      throw new Error(
        `Context value 'stripePrices' must map to Stripe price ids (price_...), not ${notPrices.join(', ')}`,
      )
    }
    stripePrices = JSON.stringify(map)
  }

  const stripePublishableKey = text(get, 'stripePublishableKey')
  if (stripePublishableKey && !/^pk_(live|test)_\w+$/.test(stripePublishableKey)) {
    throw new Error(
      `Context value 'stripePublishableKey' must be a Stripe publishable key (pk_live_... or pk_test_...)`,
    )
  }

  return {
    stackName: text(get, 'stackName') ?? 'MinistryTimesheets',
    domainName,
    certificateArn,
    apiCertificateArn,
    mailFrom,
    mailDomain,
    supervisorIdp,
    idpClientId,
    idpClientSecretName,
    oidcIssuer,
    oidcProviderName: text(get, 'oidcProviderName') ?? 'ChurchIdP',
    authDomainPrefix,
    stripePrices,
    stripePublishableKey,
    alarmEmail: text(get, 'alarmEmail'),
    apiRateLimit: positive(get, 'apiRateLimit', 1000),
    apiBurstLimit: positive(get, 'apiBurstLimit', 2000),
    signInRateLimit: positive(get, 'signInRateLimit', 100),
    signInBurstLimit: positive(get, 'signInBurstLimit', 200),
    wafPerIpLimit: atLeast(get, 'wafPerIpLimit', 1000, 10),
    wafSignInPerIpLimit: atLeast(get, 'wafSignInPerIpLimit', 100, 10),
    detachRoutes: flag(get, 'detachRoutes'),
  }
}

/**
 * What the settings leave half done, as synth warnings: with a publishable key (billing on), a
 * plan price that `stripePrices` does not map is sent to Stripe as it is, which Stripe refuses.
 */
export const settingsWarnings = (settings: Settings): string[] => {
  if (!settings.stripePublishableKey) return []
  const mapped = Object.keys(JSON.parse(settings.stripePrices ?? '{}') as Record<string, string>)
  const unmapped = planPriceIds.filter((id) => !mapped.includes(id))
  return unmapped.length
    ? [
        `stripePublishableKey is set but stripePrices does not map ${unmapped.join(', ')}: checkout for those fails until it does`,
      ]
    : []
}

import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager'
import { integrationSettings } from '@app/core'
import { config, read } from './config.ts'

/**
 * Secrets: a plain variable locally (the local stack sets them), or in AWS a Secrets Manager ARN
 * read once per cold start. A secret created empty for the operator to fill in reads as missing.
 */
let client: SecretsManagerClient | undefined
const cache = new Map<string, Promise<string | undefined>>()

const fromArn = (arn: string) => {
  let value = cache.get(arn)
  if (!value) {
    client ??= new SecretsManagerClient({ region: config.region })
    value = client
      .send(new GetSecretValueCommand({ SecretId: arn }))
      .then((out) => out.SecretString?.trim() || undefined)
      .catch((e: unknown) => {
        cache.delete(arn) // a failed read is tried again on the next request
        throw e
      })
    cache.set(arn, value)
  }
  return value
}

/** `name` itself (local), or the secret whose ARN is in `arnName` (AWS; infra/lib/environment.ts names it). */
const secret = async (name: string, arnName = `${name}_ARN`): Promise<string | undefined> => {
  const plain = read(name)
  if (plain) return plain
  const arn = read(arnName)
  return arn ? fromArn(arn) : undefined
}

export const secrets = {
  oidcClientSecret: () => secret('OIDC_CLIENT_SECRET'),
  /** Opens the health check's details; unset, only the summary is ever answered. */
  healthToken: () => secret('HEALTH_TOKEN', 'HEALTH_TOKEN_SECRET_ARN'),
  emailLinkSecret: async () => {
    const value = await secret('EMAIL_LINK_SECRET')
    if (!value) throw new Error('Missing configuration: EMAIL_LINK_SECRET')
    return value
  },
  /** Stripe's keys: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or one JSON secret {secretKey, webhookSecret}. */
  async stripe(): Promise<{ secretKey?: string; webhookSecret?: string }> {
    const secretKey = read('STRIPE_SECRET_KEY')
    if (secretKey) return { secretKey, webhookSecret: read('STRIPE_WEBHOOK_SECRET') }
    const arn = read('STRIPE_SECRET_ARN')
    const json = arn ? await fromArn(arn) : undefined
    if (!json) return {}
    const parsed = JSON.parse(json) as { secretKey?: string; webhookSecret?: string }
    return { secretKey: parsed.secretKey || undefined, webhookSecret: parsed.webhookSecret || undefined }
  },
  /**
   * The integrations' OAuth apps (integrationSettings of @app/core names them): each a plain
   * variable locally, or on AWS a key of one JSON secret whose ARN is INTEGRATIONS_SECRET_ARN,
   * created empty for the operator to fill in. A variable set wins over the secret's key.
   */
  async integrations(): Promise<Record<string, string>> {
    const arn = read('INTEGRATIONS_SECRET_ARN')
    const json = arn ? await fromArn(arn) : undefined
    const stored = json ? (JSON.parse(json) as Record<string, unknown>) : {}
    const names = Object.values(integrationSettings).flat()
    return Object.fromEntries(
      names.flatMap((name) => {
        const value = read(name) ?? (typeof stored[name] === 'string' ? stored[name].trim() : '')
        return value ? [[name, value]] : []
      }),
    )
  },
}

/**
 * Whether Stripe's secret key is configured. Here, not in billing.ts, so the health check can ask
 * without bundling the Stripe library.
 */
export const billingConfigured = async () => Boolean((await secrets.stripe()).secretKey)

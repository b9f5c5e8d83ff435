import { fromEnv } from '@aws-sdk/credential-provider-env'

/**
 * What the deployed functions use in place of '@aws-sdk/credential-provider-node' (the bundler
 * aliases that package here: infra/lib/constructs/lambda.ts). Lambda gives a function its role's
 * credentials in environment variables, so the rest of the default chain (profiles, SSO, STS web
 * identity, container and instance metadata) is never reached there, yet it would be about 100 KB
 * of every bundle. Locally the clients get explicit credentials (aws.ts) and never ask for these.
 */
export const defaultProvider = fromEnv

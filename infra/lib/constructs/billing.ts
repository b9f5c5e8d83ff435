import { RemovalPolicy } from 'aws-cdk-lib'
import { Secret } from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'

/** The keys of the Stripe secret's JSON value. */
export const stripeSecretKeys = ['secretKey', 'webhookSecret'] as const

/**
 * Stripe's keys live in one Secrets Manager secret, JSON `{ "secretKey": "sk_...",
 * "webhookSecret": "whsec_..." }`. It is created empty (billing then answers 'Billing is not
 * configured'); the operator fills it in once with `aws secretsmanager put-secret-value`
 * (infra/README.md). CloudFormation generates the value only at creation, so later deploys keep the keys.
 */
export class BillingSecrets extends Construct {
  readonly stripe: Secret

  constructor(scope: Construct, id: string) {
    super(scope, id)
    const empty = Object.fromEntries(stripeSecretKeys.map((k) => [k, '']))
    this.stripe = new Secret(this, 'Stripe', {
      description: 'Stripe API secret key and webhook signing secret (JSON: secretKey, webhookSecret)',
      // Generated once, at creation: the empty shape (plus an unused random key, which
      // CloudFormation's generator insists on) that the operator fills in after the first deploy.
      generateSecretString: { secretStringTemplate: JSON.stringify(empty), generateStringKey: 'unused' },
      removalPolicy: RemovalPolicy.RETAIN,
    })
  }
}

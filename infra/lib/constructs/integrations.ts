import { RemovalPolicy } from 'aws-cdk-lib'
import { Secret } from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'
import { integrationSettings } from '@app/core'

/**
 * The integrations' OAuth apps (QuickBooks Online, Gusto, Planning Center) live in one Secrets
 * Manager secret, JSON with one key per setting (`QUICKBOOKS_CLIENT_ID`, ...). It is created with
 * every key empty (each integration then says which settings are missing); the operator fills in
 * the ones the church uses with `aws secretsmanager put-secret-value`, as Stripe's keys are.
 */
export class IntegrationSecrets extends Construct {
  readonly secret: Secret

  constructor(scope: Construct, id: string) {
    super(scope, id)
    const empty = Object.fromEntries(Object.values(integrationSettings).flatMap((names) => names.map((n) => [n, ''])))
    this.secret = new Secret(this, 'Apps', {
      description: "Integrations' OAuth apps (JSON: QUICKBOOKS_CLIENT_ID, QUICKBOOKS_CLIENT_SECRET, ...)",
      generateSecretString: { secretStringTemplate: JSON.stringify(empty), generateStringKey: 'unused' },
      removalPolicy: RemovalPolicy.RETAIN,
    })
  }
}

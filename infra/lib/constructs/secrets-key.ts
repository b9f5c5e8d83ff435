import { RemovalPolicy } from 'aws-cdk-lib'
import { AnyPrincipal, Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam'
import { Key } from 'aws-cdk-lib/aws-kms'
import { Construct } from 'constructs'

/**
 * The stack's customer managed KMS key for secrets we keep for others: webhook signing secrets
 * (and integrations' OAuth tokens). Functions seal and open them with Encrypt and Decrypt
 * (packages/adapters/src/sealed-secrets.ts), granted by IAM only to the functions whose `uses` name
 * 'secretsKey' and to the retry job, which delivers webhooks. Rotated yearly by KMS; retained on
 * stack deletion, as without it the stored secrets could never be opened again. Its policy lets
 * nobody but an AWS service on our behalf create grants on it (Control Tower's CT.KMS.PR.3).
 */
export class SecretsKey extends Construct {
  readonly key: Key

  constructor(scope: Construct, id: string) {
    super(scope, id)
    this.key = new Key(this, 'Key', {
      description: 'Seals secrets kept for others (webhook signing secrets, integration tokens)',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    })
    this.key.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['kms:CreateGrant'],
        resources: ['*'],
        conditions: {
          BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' },
        },
      }),
    )
  }
}

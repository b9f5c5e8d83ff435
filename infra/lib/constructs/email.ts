import { Arn, Stack } from 'aws-cdk-lib'
import { Secret } from 'aws-cdk-lib/aws-secretsmanager'
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses'
import { Construct } from 'constructs'

export interface EmailProps {
  mailFrom: string
  /** Verify this domain (DKIM) rather than the single address. */
  mailDomain?: string
}

/**
 * The SES sender identity, and the secret that signs the one-click Approve and Decline links in
 * supervisors' emails (functions/src/support/decision-links.ts; EMAIL_LINK_SECRET_ARN).
 *
 * Emails are not queued here: they are written to an outbox in the table, in the same
 * transaction as the decision that causes them, and the retry job (jobs.ts) sends what is due.
 */
export class Email extends Construct {
  readonly identity: EmailIdentity
  /** The ARN `ses:SendEmail` is granted on. */
  readonly identityArn: string
  readonly mailFrom: string
  /** A plain string, generated once at creation; CloudFormation keeps it on later deploys. */
  readonly linkSecret: Secret

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id)
    this.mailFrom = props.mailFrom
    const name = props.mailDomain ?? props.mailFrom
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: props.mailDomain ? Identity.domain(props.mailDomain) : Identity.email(props.mailFrom),
    })
    this.identityArn = Arn.format({ service: 'ses', resource: 'identity', resourceName: name }, Stack.of(this))

    this.linkSecret = new Secret(this, 'LinkSecret', {
      description: "Signs the one-click Approve/Decline links in supervisors' emails (HMAC key, plain string)",
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    })
  }
}

import { Arn, Duration, Stack } from 'aws-cdk-lib'
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses'
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs'
import { Construct } from 'constructs'

export interface EmailProps {
  mailFrom: string
  /** Verify this domain (DKIM) rather than the single address. */
  mailDomain?: string
}

/**
 * The SES sender identity and the email retry queue: a rejection email that fails is put on the
 * queue so the rejection itself stands (DESIGN.md section 5); after 5 failed deliveries a message
 * lands in the dead-letter queue, which has its own alarm.
 */
export class Email extends Construct {
  readonly identity: EmailIdentity
  /** The ARN `ses:SendEmail` is granted on. */
  readonly identityArn: string
  readonly mailFrom: string
  readonly retryQueue: Queue
  readonly deadLetterQueue: Queue

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id)
    this.mailFrom = props.mailFrom
    const name = props.mailDomain ?? props.mailFrom
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: props.mailDomain ? Identity.domain(props.mailDomain) : Identity.email(props.mailFrom),
    })
    this.identityArn = Arn.format({ service: 'ses', resource: 'identity', resourceName: name }, Stack.of(this))

    this.deadLetterQueue = new Queue(this, 'RetryDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    })
    this.retryQueue = new Queue(this, 'Retry', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.minutes(2),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: 5 },
    })
  }
}

import { Duration, RemovalPolicy } from 'aws-cdk-lib'
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type BucketProps } from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'
import { bucketDefinitions, type BucketDefinition } from '../definition.ts'

/** A bucket's lifecycle rules from definition.ts. */
const lifecycle = (d: BucketDefinition): Pick<BucketProps, 'lifecycleRules'> =>
  d.expirationDays === undefined
    ? {}
    : {
        lifecycleRules: [
          {
            expiration: Duration.days(d.expirationDays),
            ...(d.abortIncompleteMultipartUploadDays === undefined
              ? {}
              : { abortIncompleteMultipartUploadAfter: Duration.days(d.abortIncompleteMultipartUploadDays) }),
          },
        ],
      }

/** Private, encrypted, TLS-only, logged: what every bucket of ours shares. */
const privateBucket = (logs?: Bucket, prefix?: string): BucketProps => ({
  encryption: BucketEncryption.S3_MANAGED,
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
  ...(logs ? { serverAccessLogsBucket: logs, serverAccessLogsPrefix: prefix } : {}),
})

/**
 * The buckets:
 * - `exports`: approved timesheets' CSVs, handed out only as 15-minute pre-signed links and
 *   deleted after 7 days (a fresh link regenerates the file).
 * - `logos`: organization logos. Private: `GET /api/logos/{orgId}/{file}` redirects to a
 *   pre-signed link (functions/src/organization/get-logo.ts), cached by the browser for 30 minutes.
 * - `site`: the built web app, read only by CloudFront.
 * - `logs`: S3 server access logs of the others and CloudFront's access logs.
 */
export class Files extends Construct {
  readonly logs: Bucket
  readonly exports: Bucket
  readonly logos: Bucket
  readonly site: Bucket

  constructor(scope: Construct, id: string) {
    super(scope, id)
    this.logs = new Bucket(this, 'Logs', {
      ...privateBucket(),
      // CloudFront's standard logs are written with an ACL, so this bucket must accept them.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    })
    this.exports = new Bucket(this, 'Exports', {
      ...privateBucket(this.logs, 'exports/'),
      ...lifecycle(bucketDefinitions.exports),
      removalPolicy: RemovalPolicy.RETAIN,
    })
    this.logos = new Bucket(this, 'Logos', {
      ...privateBucket(this.logs, 'logos/'),
      ...lifecycle(bucketDefinitions.logos),
      removalPolicy: RemovalPolicy.RETAIN,
    })
    this.site = new Bucket(this, 'Site', {
      ...privateBucket(this.logs, 'site/'),
      removalPolicy: RemovalPolicy.RETAIN,
    })
  }
}

/**
 * AWS list prices, US East (N. Virginia), on-demand, in US dollars; the only place the cost
 * benchmark takes a price from. Read 2026-11-23 from AWS's pricing pages (and pages quoting them),
 * found with the search tool; check them against the pages below before relying on a figure.
 * Free tiers are listed apart and never subtracted: a church's cost is what its usage adds to a
 * bill whose free tiers are long used up.
 */
export const PRICES_READ = '2026-11-23'

export const SOURCES = {
  lambda: 'https://aws.amazon.com/lambda/pricing/',
  apiGateway: 'https://aws.amazon.com/api-gateway/pricing/',
  dynamodb: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  s3: 'https://aws.amazon.com/s3/pricing/',
  ses: 'https://aws.amazon.com/ses/pricing/',
  cognito: 'https://aws.amazon.com/cognito/pricing/',
  cloudfront: 'https://aws.amazon.com/cloudfront/pricing/',
  secretsManager: 'https://aws.amazon.com/secrets-manager/pricing/',
  cloudwatch: 'https://aws.amazon.com/cloudwatch/pricing/',
} as const

export const PRICES = {
  lambda: {
    perMillionRequests: 0.2,
    /** First 6 billion (x86) / 7.5 billion (Arm) GB-seconds a month; later tiers are cheaper. */
    perGbSecond: { x86_64: 0.0000166667, arm64: 0.0000133334 },
  },
  /** HTTP API, first 300 million requests a month (metered per 512 KB). */
  apiGateway: { perMillionRequests: 1.0 },
  /** On-demand capacity, Standard table class (prices since the November 2024 reduction). */
  dynamodb: { perMillionWriteUnits: 0.625, perMillionReadUnits: 0.125, perGbMonth: 0.25 },
  /** S3 Standard, first 50 TB; data transfer out to the internet (a pre-signed download), first 10 TB. */
  s3: { perThousandPuts: 0.005, perThousandGets: 0.0004, perGbMonth: 0.023, perGbOut: 0.09 },
  ses: { perThousandEmails: 0.1 },
  /** User pools on the Lite feature plan (both pools; Essentials would be 0.015 a MAU). */
  cognito: { perMau: 0.0055 },
  /** United States, Mexico and Canada: first 10 TB out; HTTPS requests; uploads to the origin. */
  cloudfront: { perGbOut: 0.085, perTenThousandHttpsRequests: 0.01, perGbToOrigin: 0.02 },
  secretsManager: { perSecretMonth: 0.4, perTenThousandCalls: 0.05 },
  /** CloudWatch Logs, standard class: ingestion, and storage per GB-month. */
  cloudwatch: { perGbIngested: 0.5, perGbMonthStored: 0.03 },
} as const

/** Free tiers, shown beside the figures and never counted. */
export const FREE_TIERS = [
  'Lambda: 1 million requests and 400,000 GB-seconds a month (always free).',
  'API Gateway: 1 million HTTP API calls a month for the first 12 months.',
  'DynamoDB: 25 GB of storage a month (always free).',
  'S3: 5 GB of Standard storage, 20,000 GET and 2,000 PUT requests a month for the first 12 months.',
  'SES: 3,000 messages a month for the first 12 months.',
  'Cognito: 10,000 MAU a month on Lite and Essentials (always free).',
  'CloudFront: 1 TB out and 10 million requests a month (always free).',
  'Data transfer out to the internet (S3): 100 GB a month across services (always free).',
  'CloudWatch Logs: 5 GB of ingestion and storage a month (always free).',
]

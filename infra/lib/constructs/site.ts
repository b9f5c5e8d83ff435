import { Duration } from 'aws-cdk-lib'
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager'
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type ResponseHeadersPolicyProps,
} from 'aws-cdk-lib/aws-cloudfront'
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins'
import type { IBucket } from 'aws-cdk-lib/aws-s3'
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment'
import { Construct } from 'constructs'
import {
  cloudFrontPageFunction,
  IMMUTABLE_CACHE_CONTROL,
  IMMUTABLE_DIR,
  pageChoiceConfig,
  REVALIDATE_CACHE_CONTROL,
  SECURE_SESSION_COOKIE,
  securityHeaders,
} from '@app/core'

export interface SiteProps {
  siteBucket: IBucket
  logBucket: IBucket
  /** The API's hostname (`<id>.execute-api.<region>.amazonaws.com`, or its custom domain's regional target). */
  apiDomainName: string
  /**
   * The API answers only through its custom domain (the site's own name): CloudFront forwards the
   * viewer's Host to /api/*, so API Gateway finds that domain (and CloudFront sends it as the SNI).
   */
  apiForwardsHost?: boolean
  /** The built web app (web/dist). */
  webAssetPath: string
  domainName?: string
  certificateArn?: string
  /** The WAF web ACL (CloudFront scope, us-east-1) in front of the distribution: its ARN. */
  webAclArn: string
  /** The secret header value CloudFront adds to every request it sends the API (x-origin-verify). */
  originVerify?: string
}

const referrerPolicies: Record<string, HeadersReferrerPolicy> = Object.fromEntries(
  Object.values(HeadersReferrerPolicy).map((p) => [p, p]),
)

/**
 * CloudFront's response headers policy from the same header map the local server sends
 * (packages/core/src/security-headers.ts). A header CloudFront has no typed slot for becomes a
 * custom header, so a header added there reaches AWS too; a value CloudFront cannot express fails synth.
 */
export const responseHeadersPolicyProps = (
  headers: Record<string, string>,
  name: string,
): Pick<ResponseHeadersPolicyProps, 'securityHeadersBehavior' | 'customHeadersBehavior' | 'comment'> => {
  const { 'content-security-policy': csp, 'strict-transport-security': hsts, ...rest } = headers
  const { 'x-content-type-options': nosniff, 'x-frame-options': frame, 'referrer-policy': referrer, ...custom } = rest
  const fail = (what: string): never => {
    throw new Error(`security-headers.ts: CloudFront cannot serve ${what}`)
  }
  const hstsMatch = hsts ? /^max-age=(\d+)((?:;\s*\w+)*)$/i.exec(hsts) : null
  if (hsts && !hstsMatch) fail(`strict-transport-security '${hsts}'`)
  const hstsFlags = (hstsMatch?.[2] ?? '').toLowerCase()
  if (nosniff !== undefined && nosniff !== 'nosniff') fail(`x-content-type-options '${nosniff}'`)
  if (frame !== undefined && !['DENY', 'SAMEORIGIN'].includes(frame.toUpperCase())) fail(`x-frame-options '${frame}'`)
  if (referrer !== undefined && !referrerPolicies[referrer]) fail(`referrer-policy '${referrer}'`)
  return {
    comment: `${name}: the headers of packages/core/src/security-headers.ts`,
    securityHeadersBehavior: {
      ...(csp ? { contentSecurityPolicy: { contentSecurityPolicy: csp, override: true } } : {}),
      ...(hstsMatch
        ? {
            strictTransportSecurity: {
              accessControlMaxAge: Duration.seconds(Number(hstsMatch[1])),
              includeSubdomains: hstsFlags.includes('includesubdomains'),
              preload: hstsFlags.includes('preload'),
              override: true,
            },
          }
        : {}),
      ...(nosniff ? { contentTypeOptions: { override: true } } : {}),
      ...(frame
        ? {
            frameOptions: {
              frameOption: frame.toUpperCase() === 'DENY' ? HeadersFrameOption.DENY : HeadersFrameOption.SAMEORIGIN,
              override: true,
            },
          }
        : {}),
      ...(referrer ? { referrerPolicy: { referrerPolicy: referrerPolicies[referrer]!, override: true } } : {}),
    },
    customHeadersBehavior: {
      customHeaders: Object.entries(custom).map(([header, value]) => ({ header, value, override: true })),
    },
  }
}

/**
 * The site: one CloudFront distribution, so the app and its API share one origin and the session
 * cookie stays first-party.
 * - default: the web app from a private bucket (origin access control). A viewer-request
 *   function picks the file for paths without a file extension: a signed-out page's prerendered
 *   HTML in the visitor's language (no session cookie), else index.html (client-side routes); it
 *   is attached to this behaviour only, so an API 404 stays a 404.
 * - `/api/*`: the HTTP API, never cached, with every viewer header but Host, every cookie and
 *   query string forwarded; with the API's custom domain (context apiCertificateArn) Host is
 *   forwarded too, as API Gateway then answers only for that name.
 * Logos are not served here: `GET /api/logos/{orgId}/{file}` redirects to a pre-signed link to
 * the private logos bucket (functions/src/organization/get-logo.ts).
 * Every response carries the security headers of packages/core/src/security-headers.ts.
 */
export class Site extends Construct {
  readonly distribution: Distribution
  /** `https://<domain>`: the app's origin (the functions' APP_ORIGIN). */
  readonly origin: string
  /** A custom domain with its own certificate (and so a TLS policy of ours). */
  readonly hasCustomCertificate: boolean

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id)
    const pageHeaders = new ResponseHeadersPolicy(
      this,
      'SecurityHeaders',
      responseHeadersPolicyProps(securityHeaders(), 'site'),
    )

    // Which file answers a page (core's choosePage, the rule the local server follows too): a
    // signed-out page prerendered in the language Accept-Language prefers, else the app shell. The
    // function rewrites the URI, so the cache key (the URI) varies on that choice and nothing else.
    const pageChoice = new CloudFrontFunction(this, 'SpaFallback', {
      comment: 'Signed-out pages: prerendered HTML in the preferred language; other routes: index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(cloudFrontPageFunction(pageChoiceConfig(SECURE_SESSION_COOKIE))),
    })

    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      // Every route refuses a request without it (functions/src/http/middleware.ts, originGuard).
      ...(props.originVerify ? { customHeaders: { 'x-origin-verify': props.originVerify } } : {}),
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
    })

    this.hasCustomCertificate = Boolean(props.domainName && props.certificateArn)
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Ministry timesheets: the app and /api on one origin',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      ...(props.domainName && props.certificateArn
        ? {
            domainNames: [props.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: pageHeaders,
        functionAssociations: [{ function: pageChoice, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: props.apiForwardsHost
            ? OriginRequestPolicy.ALL_VIEWER
            : OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: pageHeaders,
          compress: true,
        },
      },
    })
    this.origin = `https://${props.domainName ?? this.distribution.distributionDomainName}`

    // The site is public: source maps (the original source) stay out of it. Vite still writes them
    // to web/dist for whoever holds the build, e.g. to read an error report's stack.
    const site = () => Source.asset(props.webAssetPath, { exclude: ['**/*.map'] })
    // Hashed bundles first (cached for a year), then the pages that name them, the service worker
    // and the web app manifest (always revalidated): the rule of packages/core/src/site-cache.ts,
    // which the local server follows too. CloudFront's cache policy honours these headers.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [site()],
      destinationBucket: props.siteBucket,
      exclude: ['*'],
      include: [`${IMMUTABLE_DIR}*`],
      prune: false,
      cacheControl: [CacheControl.fromString(IMMUTABLE_CACHE_CONTROL)],
      memoryLimit: 512,
    })
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [site()],
      destinationBucket: props.siteBucket,
      exclude: [`${IMMUTABLE_DIR}*`],
      prune: false,
      cacheControl: [CacheControl.fromString(REVALIDATE_CACHE_CONTROL)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    })
    pages.node.addDependency(assets)
  }
}

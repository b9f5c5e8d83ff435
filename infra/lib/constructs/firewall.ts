import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2'
import { Construct } from 'constructs'
import { routeAccess, type RouteAccess } from '../route-access.ts'
import type { Settings } from '../settings.ts'
import type { Manifest } from './api.ts'

export interface FirewallProps {
  /** Requests one client address may make in any 5 minutes, across the whole site. */
  perIpLimit: number
  /** Requests one client address may make to the sign-in paths in any 5 minutes. */
  signInPerIpLimit: number
  /** Path prefixes of the sign-in routes (staff login, supervisor login and its callback) and of the kiosk's PIN punch. */
  signInPaths: string[]
}

/** The firewall of these settings: the sign-in paths are those of routeAccess.signIn and routeAccess.guessed in the manifest. */
export const firewallProps = (
  settings: Pick<Settings, 'wafPerIpLimit' | 'wafSignInPerIpLimit'>,
  manifest: Manifest,
  access: RouteAccess = routeAccess,
): FirewallProps => ({
  perIpLimit: settings.wafPerIpLimit,
  signInPerIpLimit: settings.wafSignInPerIpLimit,
  signInPaths: [...access.signIn, ...access.guessed].flatMap((key) => (manifest[key] ? [manifest[key].path] : [])),
})

const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
})

/**
 * The WAF web ACL in front of CloudFront: AWS's managed IP reputation list first (addresses AWS
 * threat intelligence knows for bots and attacks), then a per-address rate limit, so one client
 * cannot use up the API stage's limit for every tenant, and a tighter one on the sign-in paths.
 * WAF counts each address whole (it has no IPv6 prefix key); the staff sign-in counter of our own
 * counts an IPv6 client by its /64 (functions/src/http/client.ts).
 * CloudFront-scoped web ACLs exist only in us-east-1 (bin/app.ts puts this in a second, small
 * stack when the app's region is another).
 */
export class Firewall extends Construct {
  readonly webAcl: CfnWebACL

  constructor(scope: Construct, id: string, props: FirewallProps) {
    super(scope, id)
    const rateRule = (name: string, priority: number, limit: number, paths?: string[]): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: { customResponse: { responseCode: 429 } } },
      statement: {
        rateBasedStatement: {
          limit,
          evaluationWindowSec: 300,
          aggregateKeyType: 'IP',
          ...(paths?.length
            ? {
                scopeDownStatement:
                  paths.length === 1 ? startsWith(paths[0]!) : { orStatement: { statements: paths.map(startsWith) } },
              }
            : {}),
        },
      },
      visibilityConfig: visibility(name),
    })
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Per-address rate limits in front of the Ministry timesheets site and API',
      visibilityConfig: visibility('MinistryTimesheetsWebAcl'),
      rules: [
        {
          name: 'AwsIpReputation',
          priority: 0,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' },
          },
          visibilityConfig: visibility('AwsIpReputation'),
        },
        rateRule('SignInPerIp', 1, props.signInPerIpLimit, props.signInPaths),
        rateRule('PerIp', 2, props.perIpLimit),
      ],
    })
  }
}

const startsWith = (path: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
})

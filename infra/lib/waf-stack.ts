import { Stack, type StackProps } from 'aws-cdk-lib'
import type { Construct } from 'constructs'
import { Firewall, type FirewallProps } from './constructs/firewall.ts'

/**
 * The web ACL alone, in us-east-1: CloudFront takes web ACLs only from there. bin/app.ts adds this
 * stack when the app's stack is in another region; the app stack reads the ACL's ARN through
 * CDK's cross-region references (an SSM parameter CDK manages).
 */
export class WafStack extends Stack {
  readonly webAclArn: string

  constructor(scope: Construct, id: string, props: StackProps & { firewall: FirewallProps }) {
    super(scope, id, props)
    this.webAclArn = new Firewall(this, 'Firewall', props.firewall).webAcl.attrArn
  }
}

import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { App, Aspects } from 'aws-cdk-lib'
import { AwsSolutionsChecks } from 'cdk-nag'
import { openApiOfManifest, routes } from '@app/functions'
import { AppStack } from '../lib/app-stack.ts'
import { firewallProps } from '../lib/constructs/firewall.ts'
import { readSettings, type Settings } from '../lib/settings.ts'
import { addValidators } from '../lib/validators.ts'
import { WafStack } from '../lib/waf-stack.ts'

const projectRoot = fileURLToPath(new URL('../..', import.meta.url))
const webAssetPath = join(projectRoot, 'web', 'dist')

// The site is the built app (cdk.json's build step makes it): synthesizing without it would
// deploy an empty site (or the last one).
if (!existsSync(join(webAssetPath, 'index.html'))) {
  console.error(`web/dist/index.html not found: build the web app first (npm run build:web), then cdk synth/deploy.`)
  process.exit(1)
}

const app = new App()
let settings: Settings
try {
  settings = readSettings((key) => app.node.tryGetContext(key))
} catch (e) {
  console.error(`\n${(e as Error).message}\n`)
  process.exit(1)
}

const account = process.env.CDK_DEFAULT_ACCOUNT
const region = process.env.CDK_DEFAULT_REGION
// CloudFront takes its web ACL only from us-east-1: elsewhere the ACL gets a small stack of its
// own there, and the app stack reads its ARN across regions (infra/README.md).
const waf =
  region && region !== 'us-east-1'
    ? new WafStack(app, `${settings.stackName}Waf`, {
        env: { account, region: 'us-east-1' },
        description: 'Ministry timesheets: the web ACL in front of CloudFront (us-east-1)',
        crossRegionReferences: true,
        firewall: firewallProps(settings, routes),
      })
    : undefined

new AppStack(app, settings.stackName, {
  env: { account, region },
  description: 'Ministry timesheets: weekly timesheets for churches and ministries',
  settings,
  manifest: routes,
  openApi: openApiOfManifest(),
  projectRoot,
  webAssetPath,
  ...(waf ? { webAclArn: waf.webAclArn, crossRegionReferences: true } : {}),
})

// Unsuppressed AwsSolutions findings are errors, so synth (and deploy) stop on them; so do the
// findings of AWS's validators (CloudFormation's rules, the Control Tower controls).
Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }))
addValidators(app)

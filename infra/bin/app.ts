import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { App, Aspects } from 'aws-cdk-lib'
import { AwsSolutionsChecks } from 'cdk-nag'
import { routes } from '@app/functions'
import { AppStack } from '../lib/app-stack.ts'
import { readSettings } from '../lib/settings.ts'

const projectRoot = fileURLToPath(new URL('../..', import.meta.url))
const webAssetPath = join(projectRoot, 'web', 'dist')

// The site is the built app: synthesizing without it would deploy an empty site (or the last one).
if (!existsSync(join(webAssetPath, 'index.html'))) {
  console.error(`web/dist/index.html not found: build the web app first (npm run build:web), then cdk synth/deploy.`)
  process.exit(1)
}

const app = new App()
const settings = readSettings((key) => app.node.tryGetContext(key))

new AppStack(app, settings.stackName, {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: 'Ministry timesheets: weekly timesheets for churches and ministries',
  settings,
  manifest: routes,
  projectRoot,
  webAssetPath,
})

// Unsuppressed AwsSolutions findings are errors, so synth (and deploy) stop on them.
Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }))

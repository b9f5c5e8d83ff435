import { resolve } from 'node:path'
import { buildWebIfStale } from '../../web/build.ts'

/**
 * cdk.json's `build` step: the CDK CLI runs it before every synth and deploy, so `npx cdk synth`,
 * `npm run synth` and `npx cdk deploy` work on a fresh clone. Builds the web app (web/dist, which
 * the site deploys) when it is missing or older than its sources; quick when it is current.
 */
buildWebIfStale(resolve(import.meta.dirname, '../..'), (line) => console.error(line))

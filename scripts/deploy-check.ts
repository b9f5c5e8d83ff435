import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { validateTemplates } from '../infra/lib/validators.ts'

/**
 * `npm run deploy:check [-- --context key=value ...]`: synthesizes the stack as a deploy would
 * (cdk.json's build step, cdk-nag and AWS's validators included), runs the validators over the
 * templates once more to list what they found, and prints what a person must still do in the
 * account, each with the console page or CLI command. Exits non-zero when synth or a validator fails.
 */
const root = join(import.meta.dirname, '..')
const outdir = mkdtempSync(join(tmpdir(), 'deploy-check-'))
const context = process.argv.slice(2)

const run = spawnSync(
  'npx',
  ['cdk', 'synth', '--no-notices', '--no-version-reporting', '-q', '--output', outdir, ...context],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' } },
)
if (run.status !== 0) {
  console.error('\nSynth failed: fix what it says above, then run npm run deploy:check again.')
  process.exit(1)
}

const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as {
  artifacts: Record<string, { type: string; properties?: { templateFile: string } }>
}
const stacks = Object.entries(manifest.artifacts).filter(([, a]) => a.type === 'aws:cloudformation:stack')
const findings = await validateTemplates(
  stacks.map(([name, a]) => ({ path: join(outdir, a.properties!.templateFile), stack: name })),
)
const template = JSON.parse(
  readFileSync(join(outdir, stacks.find(([n]) => !n.endsWith('Waf'))![1].properties!.templateFile), 'utf8'),
) as {
  Resources: Record<string, { Type: string; Properties?: Record<string, any> }>
}
rmSync(outdir, { recursive: true, force: true })

console.log(
  `\nValidators (CloudFormation rules, AWS Control Tower controls): ${findings.length ? 'FAILED' : 'no findings'}`,
)
for (const f of findings) console.log(`  ${f.severity} ${f.validator} ${f.rule}: ${f.resources.join(', ')}`)

const identity = Object.values(template.Resources).find((r) => r.Type === 'AWS::SES::EmailIdentity')?.Properties
  ?.EmailIdentity as string
const domain = identity && !identity.includes('@')
const federated = Object.values(template.Resources).some((r) => r.Type === 'AWS::Cognito::UserPoolIdentityProvider')

console.log(`
Before the app works in the account, a person must (the outputs of \`npx cdk deploy\` give the ARNs and URLs):

1. Verify the SES identity ${identity}.
   ${
     domain
       ? `Add the DKIM CNAME records SES shows for ${identity} to its DNS: https://console.aws.amazon.com/ses/home#/identities (or: aws sesv2 get-email-identity --email-identity ${identity} --query DkimAttributes.Tokens)`
       : `Click the link in the email SES sends to ${identity} after the first deploy; to resend it: aws sesv2 create-email-identity --email-identity ${identity} (after deleting the unverified one), or the console: https://console.aws.amazon.com/ses/home#/identities`
   }
   Check: aws sesv2 get-email-identity --email-identity ${identity} --query VerifiedForSendingStatus

2. Leave the SES sandbox (until then SES sends only to verified addresses):
   https://console.aws.amazon.com/ses/home#/account -> "Request production access", or
   aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL --website-url https://<your site> --use-case-description "Timesheet notifications to staff and supervisors of churches"
   Check: aws sesv2 get-account --query ProductionAccessEnabled

3. Fill in the Stripe secret (billing says 'Billing is not configured' until then):
   aws secretsmanager put-secret-value --secret-id <StripeSecretArn output> --secret-string '{"secretKey":"sk_live_...","webhookSecret":"whsec_..."}'
   In Stripe: https://dashboard.stripe.com/webhooks -> endpoint https://<AppUrl>/api/stripe/webhook (customer.subscription.* events),
   then deploy again with --context stripePublishableKey=pk_live_... --context 'stripePrices={...}'.

4. ${
  federated
    ? 'The supervisor pool is federated (context supervisorIdp): register the redirect URI https://<SupervisorSignInDomain output>/oauth2/idpresponse at the provider.'
    : `Point the supervisor pool at an identity provider (today supervisors sign up in the pool's own hosted UI):
   store the provider's client secret: aws secretsmanager create-secret --name timesheets/idp-client-secret --secret-string '<secret>'
   register the redirect URI https://<SupervisorSignInDomain output>/oauth2/idpresponse at the provider, then
   npx cdk deploy --context supervisorIdp=google --context idpClientId=<id> --context idpClientSecretName=timesheets/idp-client-secret
   (or supervisorIdp=oidc with --context oidcIssuer=https://...; infra/README.md)`
}

5. Confirm the alarm email subscription (context alarmEmail), and keep the health token for monitoring:
   aws secretsmanager get-secret-value --secret-id <HealthTokenSecretArn output> --query SecretString
   curl -H "authorization: Bearer <token>" https://<AppUrl>/api/health
`)
process.exit(findings.length ? 1 : 0)

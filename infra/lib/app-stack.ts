import { join } from 'node:path'
import { Annotations, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib'
import { Secret } from 'aws-cdk-lib/aws-secretsmanager'
import type { Construct } from 'constructs'
import { Api, type Manifest, type PublishedOpenApi } from './constructs/api.ts'
import type { RouteAccess } from './route-access.ts'
import { Auth } from './constructs/auth.ts'
import { BillingSecrets } from './constructs/billing.ts'
import { Data } from './constructs/data.ts'
import { Email } from './constructs/email.ts'
import { Files } from './constructs/files.ts'
import { Firewall, firewallProps } from './constructs/firewall.ts'
import { Jobs } from './constructs/jobs.ts'
import { SecretsKey } from './constructs/secrets-key.ts'
import { IntegrationSecrets } from './constructs/integrations.ts'
import { Operations } from './constructs/operations.ts'
import { Site } from './constructs/site.ts'
import { suppressNagFindings } from './nag-suppressions.ts'
import { settingsWarnings, type Settings } from './settings.ts'

/** Where the generated per-route Lambda entries go: inside the project (esbuild's root), ignored by git and lint. */
export const entriesDirOf = (projectRoot: string) => join(projectRoot, 'node_modules', '.cache', 'app-infra', 'entries')

export interface AppStackProps extends StackProps {
  settings: Settings
  /**
   * The route manifest (functions/src/routes.ts): one function and one API route per entry. The
   * scheduled jobs (constructs/jobs.ts) are not routes and come on top.
   */
  manifest: Manifest
  /** The repository root: holds package-lock.json, functions/src and the generated entries. */
  projectRoot: string
  /** The built web app to deploy (web/dist). */
  webAssetPath: string
  /** Per-route narrowing of the grants (default: lib/route-access.ts). */
  access?: RouteAccess
  /**
   * The web ACL in front of CloudFront, when another stack (in us-east-1) holds it; without it
   * this stack creates its own, which works only when this stack is in us-east-1 (bin/app.ts).
   */
  webAclArn?: string
  /** The published API's document (functions' `openApiOfManifest`), bundled into the route that serves it. */
  openApi?: PublishedOpenApi
}

/**
 * The whole product in one stack, a construct per concern. The order matters only where one
 * concern names another: the site needs the API's hostname, the supervisor client needs the
 * site's origin, and the functions (the routes' and the jobs') need everything.
 */
export class AppStack extends Stack {
  readonly api: Api
  readonly auth: Auth
  readonly data: Data
  readonly files: Files
  readonly email: Email
  readonly billing: BillingSecrets
  readonly site: Site
  readonly jobs: Jobs
  readonly operations: Operations
  /** Opens the health check's details (GET /api/health with `authorization: Bearer <token>`). */
  readonly healthToken: Secret
  /** The header value CloudFront sends the API and every route checks (no way around the firewall). */
  readonly originVerify: Secret
  readonly secretsKey: SecretsKey
  readonly integrations: IntegrationSecrets

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props)
    const { settings } = props

    this.data = new Data(this, 'Data')
    this.files = new Files(this, 'Files')
    this.email = new Email(this, 'Email', { mailFrom: settings.mailFrom, mailDomain: settings.mailDomain })
    this.billing = new BillingSecrets(this, 'Billing')
    this.secretsKey = new SecretsKey(this, 'SecretsKey')
    this.integrations = new IntegrationSecrets(this, 'Integrations')
    this.healthToken = new Secret(this, 'HealthToken', {
      description: 'Bearer token that opens the details of GET /api/health (anonymous callers get the cached summary)',
      generateSecretString: { passwordLength: 40, excludePunctuation: true, includeSpace: false },
    })
    this.originVerify = new Secret(this, 'OriginVerify', {
      description:
        "Sent by CloudFront to the API as x-origin-verify; every route refuses a request without it, so the HTTP API's own address cannot skip the web ACL",
      generateSecretString: { passwordLength: 40, excludePunctuation: true, includeSpace: false },
    })
    // Resolved by CloudFormation at deploy time (a dynamic reference): the value is never in the template.
    const originVerify = this.originVerify.secretValue.unsafeUnwrap()
    this.api = new Api(this, 'Api', {
      rateLimit: settings.apiRateLimit,
      burstLimit: settings.apiBurstLimit,
      signInRateLimit: settings.signInRateLimit,
      signInBurstLimit: settings.signInBurstLimit,
      ...(settings.domainName && settings.apiCertificateArn
        ? { customDomain: { domainName: settings.domainName, certificateArn: settings.apiCertificateArn } }
        : {}),
    })
    const webAclArn =
      props.webAclArn ??
      new Firewall(this, 'Firewall', firewallProps(settings, props.manifest, props.access)).webAcl.attrArn
    this.site = new Site(this, 'Site', {
      siteBucket: this.files.site,
      logBucket: this.files.logs,
      apiDomainName: this.api.domainName,
      apiForwardsHost: this.api.customDomain,
      webAssetPath: props.webAssetPath,
      domainName: settings.domainName,
      certificateArn: settings.certificateArn,
      webAclArn,
      originVerify,
    })
    this.auth = new Auth(this, 'Auth', { appOrigin: this.site.origin, settings, emailIdentity: this.email.identity })

    this.api.addRoutes({
      // Without routes only for the one deploy that detaches a stack's old routes (settings.ts).
      manifest: settings.detachRoutes ? {} : props.manifest,
      openApi: props.openApi,
      functionsDir: join(props.projectRoot, 'functions', 'src'),
      entriesDir: entriesDirOf(props.projectRoot),
      projectRoot: props.projectRoot,
      resources: {
        appOrigin: this.site.origin,
        table: this.data.table,
        staffPool: this.auth.staffPool,
        staffClient: this.auth.staffClient,
        exportsBucket: this.files.exports,
        logosBucket: this.files.logos,
        email: this.email,
        stripe: {
          secret: this.billing.stripe,
          prices: settings.stripePrices,
          publishableKey: settings.stripePublishableKey,
        },
        oidc: {
          issuer: this.auth.issuer,
          clientId: this.auth.supervisorClient.userPoolClientId,
          clientSecret: this.auth.supervisorClientSecret,
        },
        healthToken: this.healthToken,
        originVerify,
        secretsKey: this.secretsKey.key,
        integrations: this.integrations.secret,
      },
      access: props.access,
    })

    this.jobs = new Jobs(this, 'Jobs', {
      projectRoot: props.projectRoot,
      appOrigin: this.site.origin,
      table: this.data.table,
      email: this.email,
      exportsBucket: this.files.exports,
      logosBucket: this.files.logos,
      staffPool: this.auth.staffPool,
      supervisorPool: this.auth.supervisorPool,
      secretsKey: this.secretsKey.key,
      integrations: this.integrations.secret,
    })

    this.operations = new Operations(this, 'Operations', {
      api: this.api.httpApi,
      functionGroups: this.api.groups.values(),
      table: this.data.table,
      emailJob: { fn: this.jobs.retryEmails, deadLetterQueue: this.jobs.deadLetterQueue },
      alarmEmail: settings.alarmEmail,
    })

    new CfnOutput(this, 'AppUrl', { value: this.site.origin })
    // For operations run from a shell (npm run job -- rebuild-aggregates with TABLE_NAME).
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName })
    new CfnOutput(this, 'StripeSecretArn', { value: this.billing.stripe.secretArn })
    new CfnOutput(this, 'IntegrationsSecretArn', { value: this.integrations.secret.secretArn })
    new CfnOutput(this, 'AlarmTopicArn', { value: this.operations.topic.topicArn })
    new CfnOutput(this, 'HealthTokenSecretArn', { value: this.healthToken.secretArn })

    for (const warning of settingsWarnings(settings)) Annotations.of(this).addWarningV2('@app/infra:settings', warning)

    suppressNagFindings(
      {
        stack: this,
        functions: this.api.functions,
        retryEmails: this.jobs.retryEmails,
        reminders: this.jobs.reminders,
        exportJob: this.jobs.export,
        importMembersJob: this.jobs.importMembers,
        eraseClosedJob: this.jobs.eraseClosed,
        timeOffYearlyJob: this.jobs.timeOffYearly,
        planningCenterSyncJob: this.jobs.planningCenterSync,
        httpApi: this.api.httpApi,
        routes: this.api.routes.values(),
        distribution: this.site.distribution,
        hasCustomCertificate: this.site.hasCustomCertificate,
        supervisorPool: this.auth.supervisorPool,
        staffPool: this.auth.staffPool,
        secrets: {
          stripe: this.billing.stripe,
          emailLink: this.email.linkSecret,
          supervisorClient: this.auth.supervisorClientSecret,
          healthToken: this.healthToken,
          originVerify: this.originVerify,
          integrations: this.integrations.secret,
        },
      },
      props.manifest,
      props.access,
    )
  }
}

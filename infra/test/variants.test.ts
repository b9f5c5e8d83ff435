import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeAccess } from '../lib/route-access.ts'
import { planPriceIds, readSettings, settingsWarnings } from '../lib/settings.ts'
import { show, synth, type Synth } from './synth.ts'

/** The context switches: a custom domain with Google (and Stripe), and a generic OpenID Connect provider. */
const allPrices = Object.fromEntries(planPriceIds.map((id, i) => [id, `price_1Stripe${i}`]))
const certificateArn = 'arn:aws:acm:us-east-1:111111111111:certificate/00000000-0000-0000-0000-000000000000'
/** The same name's certificate in the app's region, for the API's custom domain. */
const apiCertificateArn = 'arn:aws:acm:eu-west-1:111111111111:certificate/11111111-1111-1111-1111-111111111111'
let google: Synth
let oidc: Synth
beforeAll(() => {
  google = synth({
    context: {
      domainName: 'timesheets.example.org',
      certificateArn,
      apiCertificateArn,
      supervisorIdp: 'google',
      idpClientId: 'google-client-id',
      idpClientSecretName: 'timesheets/google',
      mailFrom: 'office@example.org',
      mailDomain: 'example.org',
      alarmEmail: 'ops@example.org',
      authDomainPrefix: 'first-church-timesheets',
      apiRateLimit: '20',
      stripePrices: JSON.stringify(allPrices),
      stripePublishableKey: 'pk_live_51AbCdEf',
    },
    nag: true,
  })
  oidc = synth({
    context: {
      supervisorIdp: 'oidc',
      idpClientId: 'diocese-client',
      idpClientSecretName: 'arn:aws:secretsmanager:us-east-1:111111111111:secret:diocese-AbCdEf',
      oidcIssuer: 'https://login.diocese.example/realms/staff',
      oidcProviderName: 'Diocese',
    },
    nag: true,
  })
})
afterAll(() => {
  google?.cleanup()
  oidc?.cleanup()
})

const only = (s: Synth, type: string) => {
  const all = Object.values(s.resources).filter((r) => r.Type === type)
  expect(all, type).toHaveLength(1)
  return all[0]!.Properties!
}

describe('cdk-nag AwsSolutions', () => {
  it('finds no unsuppressed error or warning with a custom domain and Google, or with OIDC', () => {
    expect(google.findings()).toEqual([])
    expect(oidc.findings()).toEqual([])
  })
})

describe('a custom domain', () => {
  it('is the distribution alias with its certificate and TLS 1.2, and the app origin everywhere', () => {
    const config = only(google, 'AWS::CloudFront::Distribution').DistributionConfig
    expect(config.Aliases).toEqual(['timesheets.example.org'])
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    })
    const client = google.resources[google.logicalId(google.stack.auth.supervisorClient)]!.Properties!
    expect(client.CallbackURLs).toEqual(['https://timesheets.example.org/api/callback'])
    for (const fn of google.stack.api.functions.values()) {
      const vars = google.resources[google.logicalId(fn)]!.Properties!.Environment.Variables
      expect(vars.APP_ORIGIN).toBe('https://timesheets.example.org')
    }
  })
})

/** CloudFront's managed origin request policies: every viewer header, and every one but Host. */
const ALL_VIEWER = '216adef6-5c7f-47e4-b989-5492eafa07d3'
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac'
const apiBehaviour = (s: Synth) => {
  const config = only(s, 'AWS::CloudFront::Distribution').DistributionConfig
  const behaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*')
  const origin = config.Origins.find((o: { Id: string }) => o.Id === behaviour.TargetOriginId)
  return { behaviour, origin }
}

describe("the API's own endpoint", () => {
  it('with a custom domain and a regional certificate: execute-api disabled, CloudFront reaches the custom domain with the Host', () => {
    expect(only(google, 'AWS::ApiGatewayV2::Api').DisableExecuteApiEndpoint).toBe(true)
    const domain = only(google, 'AWS::ApiGatewayV2::DomainName')
    expect(domain).toMatchObject({
      DomainName: 'timesheets.example.org',
      DomainNameConfigurations: [
        { CertificateArn: apiCertificateArn, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' },
      ],
    })
    const domainId = Object.entries(google.resources).find(([, r]) => r.Type === 'AWS::ApiGatewayV2::DomainName')![0]
    const mapping = only(google, 'AWS::ApiGatewayV2::ApiMapping')
    expect(mapping.DomainName).toEqual({ Ref: domainId })
    expect(mapping.Stage).toBe('$default')
    expect(mapping.ApiId).toEqual({ Ref: google.logicalId(google.stack.api.httpApi) })
    const { behaviour, origin } = apiBehaviour(google)
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [domainId, 'RegionalDomainName'] })
    expect(behaviour.OriginRequestPolicyId).toBe(ALL_VIEWER)
    // The origin header stays, a second guard.
    expect(origin.OriginCustomHeaders.map((h: { HeaderName: string }) => h.HeaderName)).toEqual(['x-origin-verify'])
  })

  it('without a domain (no regional certificate): execute-api stays CloudFront’s origin, guarded by x-origin-verify', () => {
    expect(only(oidc, 'AWS::ApiGatewayV2::Api').DisableExecuteApiEndpoint).toBeFalsy()
    expect(Object.values(oidc.resources).filter((r) => r.Type === 'AWS::ApiGatewayV2::DomainName')).toEqual([])
    const { behaviour, origin } = apiBehaviour(oidc)
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.')
    expect(behaviour.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST)
    expect(origin.OriginCustomHeaders.map((h: { HeaderName: string }) => h.HeaderName)).toEqual(['x-origin-verify'])
  })

  it('refuses a regional certificate without a domain', () => {
    expect(() => readSettings((key) => ({ apiCertificateArn, mailFrom: 'a@b.org' })[key])).toThrow(
      "Context value 'apiCertificateArn' needs 'domainName'",
    )
  })
})

describe('supervisor identity providers', () => {
  it('google: a Google provider whose secret is a deploy-time Secrets Manager reference; the client uses only it', () => {
    const idp = only(google, 'AWS::Cognito::UserPoolIdentityProvider')
    expect(idp.ProviderType).toBe('Google')
    expect(idp.ProviderDetails.client_id).toBe('google-client-id')
    expect(show(idp.ProviderDetails.client_secret)).toBe('{{resolve:secretsmanager:timesheets/google:SecretString:::}}')
    expect(idp.ProviderDetails.authorize_scopes).toBe('openid email profile')
    expect(Object.keys(idp.AttributeMapping).sort()).toEqual(['email', 'family_name', 'given_name'])
    const client = google.resources[google.logicalId(google.stack.auth.supervisorClient)]!
    expect(client.Properties!.SupportedIdentityProviders).toEqual(['Google'])
    expect(client.DependsOn).toContain(google.logicalId(google.stack.auth.node.findChild('Google')))
    const pool = google.resources[google.logicalId(google.stack.auth.supervisorPool)]!.Properties!
    expect(pool.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true)
    expect(show(only(google, 'AWS::Cognito::UserPoolDomain').Domain)).toBe('first-church-timesheets')
  })

  it('oidc: an OIDC provider with the issuer from context', () => {
    const idp = only(oidc, 'AWS::Cognito::UserPoolIdentityProvider')
    expect(idp.ProviderType).toBe('OIDC')
    expect(idp.ProviderName).toBe('Diocese')
    expect(idp.ProviderDetails.oidc_issuer).toBe('https://login.diocese.example/realms/staff')
    expect(idp.ProviderDetails.client_id).toBe('diocese-client')
    expect(show(idp.ProviderDetails.client_secret)).toMatch(/^\{\{resolve:secretsmanager:arn:aws:secretsmanager:/)
    const client = oidc.resources[oidc.logicalId(oidc.stack.auth.supervisorClient)]!.Properties!
    expect(client.SupportedIdentityProviders).toEqual(['Diocese'])
  })

  it('keeps the functions pointed at the supervisor pool, whatever provider is behind it', () => {
    for (const s of [google, oidc]) {
      const poolId = s.logicalId(s.stack.auth.supervisorPool)
      for (const fn of s.stack.api.functions.values()) {
        const vars = s.resources[s.logicalId(fn)]!.Properties!.Environment.Variables
        if ('OIDC_ISSUER' in vars) expect(show(vars.OIDC_ISSUER)).toBe(`<${poolId}.ProviderURL>`)
      }
    }
  })
})

describe('the other context values', () => {
  it('give the Stripe price map and publishable key to the functions that use Stripe, and only to them', () => {
    for (const [key, fn] of google.stack.api.functions) {
      const vars = google.resources[google.logicalId(fn)]!.Properties!.Environment.Variables
      // The health check reads the Stripe secret only to say whether billing is configured.
      const usesStripe = google.manifest[key]!.uses.includes('stripe') && !routeAccess.probes.includes(key)
      expect('STRIPE_PRICES' in vars, key).toBe(usesStripe)
      expect('STRIPE_PUBLISHABLE_KEY' in vars, key).toBe(usesStripe)
      if (usesStripe) {
        expect(JSON.parse(vars.STRIPE_PRICES)).toEqual(allPrices)
        expect(vars.STRIPE_PUBLISHABLE_KEY).toBe('pk_live_51AbCdEf')
      }
    }
    // Without them (the other variant), neither is set: checkout says billing is not configured.
    for (const fn of oidc.stack.api.functions.values()) {
      const vars = oidc.resources[oidc.logicalId(fn)]!.Properties!.Environment.Variables
      expect('STRIPE_PRICES' in vars || 'STRIPE_PUBLISHABLE_KEY' in vars).toBe(false)
    }
  })

  it('verify a whole SES domain, subscribe the alarm email, and set the API rate', () => {
    expect(only(google, 'AWS::SES::EmailIdentity').EmailIdentity).toBe('example.org')
    expect(only(google, 'AWS::SNS::Subscription')).toMatchObject({ Protocol: 'email', Endpoint: 'ops@example.org' })
    expect(only(google, 'AWS::ApiGatewayV2::Stage').DefaultRouteSettings.ThrottlingRateLimit).toBe(20)
    for (const fn of google.stack.api.functions.values()) {
      const vars = google.resources[google.logicalId(fn)]!.Properties!.Environment.Variables
      if ('MAIL_FROM' in vars) expect(vars.MAIL_FROM).toBe('office@example.org')
    }
    const job = google.resources[google.logicalId(google.stack.jobs.retryEmails)]!.Properties!.Environment.Variables
    expect(job.MAIL_FROM).toBe('office@example.org')
    expect(job.APP_ORIGIN).toBe('https://timesheets.example.org')
  })
})

describe('readSettings', () => {
  /** Settings from this context, with a sender (required without domainName) unless it names one. */
  const read = (context: Record<string, unknown>) =>
    readSettings((key) => ({ ...(context.domainName ? {} : { mailFrom: 'no-reply@example.com' }), ...context })[key])

  it('knows our six plan price ids, and warns when billing is on but a plan price is not mapped', () => {
    expect(planPriceIds).toHaveLength(6)
    expect(planPriceIds).toContain('price_professional_monthly')
    expect(settingsWarnings(read({}))).toEqual([])
    expect(settingsWarnings(read({ stripePrices: '{"price_starter_monthly":"price_1"}' }))).toEqual([])
    const [warning] = settingsWarnings(
      read({ stripePublishableKey: 'pk_test_1', stripePrices: '{"price_starter_monthly":"price_1"}' }),
    )
    expect(warning).toMatch(/does not map price_starter_yearly, price_professional_monthly/)
    expect(settingsWarnings(read({ stripePublishableKey: 'pk_test_1', stripePrices: allPrices }))).toEqual([])
  })

  it('has defaults for everything but the sender, which it asks for plainly', () => {
    expect(() => readSettings(() => undefined)).toThrow(/Context value 'mailFrom' is required without domainName/)
    expect(read({})).toMatchObject({
      stackName: 'MinistryTimesheets',
      supervisorIdp: 'cognito',
      mailFrom: 'no-reply@example.com',
      apiRateLimit: 1000,
      apiBurstLimit: 2000,
      signInRateLimit: 100,
      signInBurstLimit: 200,
      wafPerIpLimit: 1000,
      wafSignInPerIpLimit: 100,
      detachRoutes: false,
    })
    expect(read({ detachRoutes: 'true' }).detachRoutes).toBe(true)
    expect(read({ detachRoutes: true }).detachRoutes).toBe(true)
    expect(read({ detachRoutes: 'false' }).detachRoutes).toBe(false)
    expect(read({ domainName: 'a.example.org', certificateArn }).mailFrom).toBe('no-reply@a.example.org')
  })

  it.each([
    [{ domainName: 'a.example.org' }, /certificateArn/],
    [{ certificateArn }, /needs 'domainName'/],
    [{ supervisorIdp: 'facebook' }, /cognito, google or oidc/],
    [{ supervisorIdp: 'google' }, /idpClientId/],
    [{ supervisorIdp: 'google', idpClientId: 'x' }, /idpClientSecretName/],
    [{ supervisorIdp: 'oidc', idpClientId: 'x', idpClientSecretName: 'y' }, /oidcIssuer/],
    [{ supervisorIdp: 'oidc', idpClientId: 'x', idpClientSecretName: 'y', oidcIssuer: 'http://x' }, /https/],
    [{ mailFrom: 'not-an-address' }, /mailFrom/],
    [{ mailFrom: 'a@b.org', mailDomain: 'c.org' }, /mailDomain/],
    [{ authDomainPrefix: 'Has_Caps' }, /authDomainPrefix/],
    [{ authDomainPrefix: 'my-cognito' }, /may not contain/],
    [{ apiRateLimit: '0' }, /apiRateLimit/],
    [{ apiBurstLimit: 'lots' }, /apiBurstLimit/],
    [{ stripePrices: '["price_1"]' }, /stripePrices/],
    [{ stripePrices: '{not json' }, /stripePrices/],
    [{ stripePrices: '{"price_gold_monthly":"price_1"}' }, /unknown plan price ids \(price_gold_monthly\)/],
    [{ stripePrices: '{"price_starter_monthly":"prod_1"}' }, /Stripe price ids/],
    [{ stripePublishableKey: 'sk_live_oops' }, /stripePublishableKey/],
    [{ detachRoutes: 'yes' }, /'detachRoutes' must be true or false/],
  ])('refuses %j', (context, message) => {
    expect(() => read(context)).toThrow(message)
  })
})

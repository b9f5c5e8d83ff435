import { Aws, CfnOutput, Duration, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib'
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolEmail,
  UserPoolIdentityProviderGoogle,
  UserPoolIdentityProviderOidc,
  type PasswordPolicy,
} from 'aws-cdk-lib/aws-cognito'
import { Secret } from 'aws-cdk-lib/aws-secretsmanager'
import { Construct, type IConstruct } from 'constructs'
import { staffPoolDefinition, supervisorPoolDefinition, type TokenValidity } from '../definition.ts'
import type { Settings } from '../settings.ts'

export interface AuthProps {
  /** `https://<site>`: the supervisor client's callback is `<appOrigin>/api/callback`. */
  appOrigin: string
  settings: Pick<
    Settings,
    | 'stackName'
    | 'supervisorIdp'
    | 'idpClientId'
    | 'idpClientSecretName'
    | 'oidcIssuer'
    | 'oidcProviderName'
    | 'authDomainPrefix'
    | 'mailFrom'
    | 'mailDomain'
  >
  /** The SES identity of `mailFrom`: the supervisor pool sends its emails through it. */
  emailIdentity: IConstruct
}

/** The password policy of definition.ts, as CDK spells it. */
const passwordPolicy = (p: typeof staffPoolDefinition.passwordPolicy): PasswordPolicy => ({
  minLength: p.minLength,
  requireDigits: p.requireDigits,
  requireLowercase: p.requireLowercase,
  requireUppercase: p.requireUppercase,
  requireSymbols: p.requireSymbols,
  tempPasswordValidity: Duration.days(p.tempPasswordValidityDays),
})

const tokenValidity = (t: TokenValidity) => ({
  idTokenValidity: Duration.minutes(t.idTokenMinutes),
  accessTokenValidity: Duration.minutes(t.accessTokenMinutes),
  refreshTokenValidity: Duration.minutes(t.refreshTokenMinutes),
})

const mfa = { OFF: Mfa.OFF, OPTIONAL: Mfa.OPTIONAL, ON: Mfa.REQUIRED } as const

const kebab = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')

/**
 * Two user pools (DESIGN.md section 3):
 * - supervisors sign in through the pool's hosted UI, federated to Google or an OpenID Connect
 *   provider from context (or the pool's own accounts, the default, so a first deploy needs no
 *   external setup). Our API is the pool's one confidential OIDC client (authorization code +
 *   PKCE); its client secret is copied into Secrets Manager for the functions that declare 'oidc'.
 * - staff and volunteers exist only because a supervisor created them (no self sign-up); the API
 *   checks their passwords with ADMIN_USER_PASSWORD_AUTH.
 */
export class Auth extends Construct {
  readonly supervisorPool: UserPool
  readonly supervisorClient: UserPoolClient
  /** The Cognito app client's secret, for the functions' OIDC client. */
  readonly supervisorClientSecret: Secret
  /** The OIDC issuer the functions discover: the supervisor pool's provider URL. */
  readonly issuer: string
  readonly staffPool: UserPool
  readonly staffClient: UserPoolClient

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id)
    const { settings } = props
    const federated = settings.supervisorIdp !== 'cognito'

    this.supervisorPool = new UserPool(this, 'SupervisorPool', {
      // Lite. Federation, the classic hosted UI, TOTP and SES email are all Lite features;
      // Essentials' managed-login branding, access-token customization and passwordless are unused.
      featurePlan: FeaturePlan.LITE,
      // With an external provider every supervisor comes from it; otherwise they sign up here.
      selfSignUpEnabled: !federated,
      signInAliases: { email: true },
      autoVerify: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      passwordPolicy: passwordPolicy(supervisorPoolDefinition.passwordPolicy),
      mfa: mfa[supervisorPoolDefinition.mfa],
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Through our SES identity, not Cognito's default sender (about 50 emails a day per account).
      email: UserPoolEmail.withSES({
        fromEmail: settings.mailFrom,
        sesVerifiedDomain: settings.mailDomain,
        sesRegion: Stack.of(this).region,
      }),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    })
    this.supervisorPool.node.addDependency(props.emailIdentity)
    const domain = this.supervisorPool.addDomain('HostedUi', {
      cognitoDomain: { domainPrefix: settings.authDomainPrefix ?? `${kebab(settings.stackName)}-${Aws.ACCOUNT_ID}` },
    })

    const provider = this.identityProvider(settings)
    this.supervisorClient = this.supervisorPool.addClient('WebClient', {
      generateSecret: true,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: [`${props.appOrigin}/api/callback`],
        logoutUrls: [`${props.appOrigin}/`],
      },
      supportedIdentityProviders: [
        provider
          ? settings.supervisorIdp === 'google'
            ? UserPoolClientIdentityProvider.GOOGLE
            : UserPoolClientIdentityProvider.custom(settings.oidcProviderName)
          : UserPoolClientIdentityProvider.COGNITO,
      ],
      preventUserExistenceErrors: true,
      ...tokenValidity(supervisorPoolDefinition.client.tokenValidity),
    })
    if (provider) this.supervisorClient.node.addDependency(provider)
    this.supervisorClientSecret = new Secret(this, 'SupervisorClientSecret', {
      description: 'Client secret of the supervisor pool web client (the API is its OIDC client)',
      secretStringValue: this.supervisorClient.userPoolClientSecret,
    })
    this.issuer = this.supervisorPool.userPoolProviderUrl

    this.staffPool = new UserPool(this, 'StaffPool', {
      // Lite (admin-created users and the admin password flow need nothing more).
      featurePlan: FeaturePlan.LITE,
      selfSignUpEnabled: !staffPoolDefinition.adminCreateUserOnly,
      signInAliases: { username: true },
      passwordPolicy: passwordPolicy(staffPoolDefinition.passwordPolicy),
      mfa: mfa[staffPoolDefinition.mfa],
      // A supervisor resets a forgotten password; volunteers may have no email at all.
      accountRecovery: AccountRecovery.NONE,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    })
    this.staffClient = this.staffPool.addClient('ApiClient', {
      // ALLOW_ADMIN_USER_PASSWORD_AUTH (CDK adds ALLOW_REFRESH_TOKEN_AUTH): staffPoolDefinition.client.authFlows.
      authFlows: { adminUserPassword: true },
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
      ...tokenValidity(staffPoolDefinition.client.tokenValidity),
    })

    new CfnOutput(this, 'SupervisorSignInDomain', { value: domain.baseUrl() })
    new CfnOutput(this, 'SupervisorIssuer', { value: this.issuer })
    new CfnOutput(this, 'StaffUserPoolId', { value: this.staffPool.userPoolId })
  }

  private identityProvider(settings: AuthProps['settings']) {
    if (settings.supervisorIdp === 'cognito') return undefined
    const clientId = settings.idpClientId!
    // A CloudFormation dynamic reference: resolved at deploy time, never in the template.
    const clientSecret = SecretValue.secretsManager(settings.idpClientSecretName!)
    if (settings.supervisorIdp === 'google') {
      return new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.supervisorPool,
        clientId,
        clientSecretValue: clientSecret,
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
          familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
        },
      })
    }
    return new UserPoolIdentityProviderOidc(this, 'Oidc', {
      userPool: this.supervisorPool,
      name: settings.oidcProviderName,
      clientId,
      clientSecret: clientSecret.unsafeUnwrap(),
      issuerUrl: settings.oidcIssuer!,
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: ProviderAttribute.other('email'),
        givenName: ProviderAttribute.other('given_name'),
        familyName: ProviderAttribute.other('family_name'),
      },
    })
  }
}

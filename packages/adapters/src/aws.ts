import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { S3Client } from '@aws-sdk/client-s3'
import { SESv2Client } from '@aws-sdk/client-sesv2'
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { config } from './config.ts'

/**
 * The AWS clients, made once per process. Locally every endpoint points at an emulator and
 * explicit dummy credentials stop the SDK from probing the instance metadata address.
 */
const localCredentials = (service: string) =>
  service === 's3'
    ? { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
    : { accessKeyId: 'local', secretAccessKey: 'local' }

const options = (service: 'dynamodb' | 's3' | 'ses' | 'cognito') => {
  const endpoint = config.endpoint(service)
  return endpoint
    ? { region: config.region, endpoint, credentials: localCredentials(service), maxAttempts: 2 }
    : { region: config.region }
}

let dynamo: DynamoDBDocumentClient | undefined
let s3: S3Client | undefined
let ses: SESv2Client | undefined
let cognito: CognitoIdentityProviderClient | undefined

export const clients = {
  get dynamo() {
    return (dynamo ??= DynamoDBDocumentClient.from(new DynamoDBClient(options('dynamodb')), {
      marshallOptions: { removeUndefinedValues: true },
    }))
  },
  get s3() {
    return (s3 ??= new S3Client({ ...options('s3'), forcePathStyle: Boolean(config.endpoint('s3')) }))
  },
  get ses() {
    return (ses ??= new SESv2Client(options('ses')))
  },
  get cognito() {
    return (cognito ??= new CognitoIdentityProviderClient(options('cognito')))
  },
}

/** Drops the cached clients (tests that point the process at new emulators). */
export const resetClients = () => {
  dynamo = s3 = ses = cognito = undefined
}

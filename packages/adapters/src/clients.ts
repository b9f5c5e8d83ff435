import { cognitoClient } from './client-cognito.ts'
import { dynamoClient } from './client-dynamodb.ts'
import { s3Client } from './client-s3.ts'
import { sesClient } from './client-ses.ts'

/**
 * Every client by name, for tests and scripts. Production code imports the one client it calls
 * (client-*.ts), so that a route's bundle does not carry the others.
 */
export const clients = {
  get dynamo() {
    return dynamoClient()
  },
  get s3() {
    return s3Client()
  },
  get ses() {
    return sesClient()
  },
  get cognito() {
    return cognitoClient()
  },
}

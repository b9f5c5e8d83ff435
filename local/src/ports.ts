import { createServer } from 'node:net'

/** Every port the local stack uses, with the variable that changes it. */
export const portSettings = {
  app: { variable: 'APP_PORT', fallback: 3000 },
  dynamodb: { variable: 'DYNAMODB_PORT', fallback: 8000 },
  cognito: { variable: 'COGNITO_PORT', fallback: 9229 },
  s3: { variable: 'S3_PORT', fallback: 4569 },
  ses: { variable: 'SES_PORT', fallback: 8005 },
  idp: { variable: 'IDP_PORT', fallback: 9400 },
} as const
export type Service = keyof typeof portSettings
export type Ports = Record<Service, number>

export const configuredPorts = (): Ports =>
  Object.fromEntries(
    Object.entries(portSettings).map(([name, s]) => [name, Number(process.env[s.variable] ?? s.fallback)]),
  ) as Ports

export class PortInUseError extends Error {}

/** Fails with a message naming the port and the variable to change it. DynamoDB Local binds every interface, so check there. */
export const assertFree = (service: Service, port: number) =>
  new Promise<void>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', () =>
      reject(
        new PortInUseError(
          `Port ${port} (${service}) is already in use. Stop whatever uses it, or choose another port: ${portSettings[service].variable}=<port> npm start`,
        ),
      ),
    )
    probe.listen({ port, host: service === 'dynamodb' ? '0.0.0.0' : '127.0.0.1' }, () => probe.close(() => resolve()))
  })

/** A free loopback port, for tests. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

export const freePorts = async (): Promise<Ports> => {
  const entries = []
  for (const name of Object.keys(portSettings)) entries.push([name, await freePort()])
  return Object.fromEntries(entries) as Ports
}

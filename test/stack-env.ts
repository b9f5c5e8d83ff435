import { inject } from 'vitest'
import { resetClients } from '@app/adapters'
import { openApiOfManifest, publishOpenApi } from '@app/functions'

// The test files share their worker (isolate: false), so each starts from the environment the worker
// began with, whatever the file before it set, pointed at the project's stack, with fresh clients.
const start = ((globalThis as { workerEnv?: NodeJS.ProcessEnv }).workerEnv ??= { ...process.env })
for (const name of Object.keys(process.env)) if (!(name in start)) delete process.env[name]
Object.assign(process.env, start, inject('stackEnv'))
resetClients()
// The routes run in this worker too (callRoute): what the stack and the CDK app publish at start.
publishOpenApi(openApiOfManifest().document)

import { inject } from 'vitest'
import { resetClients } from '@app/adapters'

// Each test file runs the handlers in its own worker, pointed at the project's stack.
Object.assign(process.env, inject('stackEnv'))
resetClients()

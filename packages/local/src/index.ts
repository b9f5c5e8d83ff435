export { startStack, repoRoot, type Stack, type StackOptions } from './stack.ts'
export { freePorts, configuredPorts, type Ports } from './ports.ts'
export { stackEnvironment, runningStackEnvironment } from './stack.ts'
export { localSubjectFor } from './identity-provider.ts'

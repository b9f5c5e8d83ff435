/**
 * Runs a bench script's `main`: exit 0 once it ends, else its error logged and exit 1 (the stacks
 * and browsers it started end with the process).
 */
export const runMain = (main: () => Promise<void>, log: (message: string) => void) => {
  // Quiets the AWS SDK's warning about Node versions, which each client would print into the bench's log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  return main().then(
    () => process.exit(0),
    (e: unknown) => {
      log(`failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      process.exit(1)
    },
  )
}

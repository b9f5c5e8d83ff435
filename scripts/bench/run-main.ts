/**
 * Runs a bench script's `main`: exit 0 once it ends, else its error logged and exit 1 (the stacks
 * and browsers it started end with the process).
 */
export const runMain = (main: () => Promise<void>, log: (message: string) => void) =>
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      log(`failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      process.exit(1)
    },
  )

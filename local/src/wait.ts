/** Polls until `check` succeeds, or fails with the last error after `timeoutMs`. */
export const waitFor = async (what: string, check: () => Promise<unknown>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  while (Date.now() < deadline) {
    try {
      await check()
      return
    } catch (e) {
      last = e
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  throw new Error(
    `${what} did not start within ${timeoutMs} ms: ${last instanceof Error ? last.message : String(last)}`,
  )
}

/** The flags both our Chromium launches share (browser tests, Lighthouse): no sandbox, no GPU, nothing reaching outside the machine. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

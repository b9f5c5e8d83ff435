// The core's config (the one zod's schemas read) rather than all of zod: this runs in the entry chunk.
import { config } from 'zod/v4/core'

/**
 * The content security policy allows no eval (script-src without 'unsafe-eval'). Zod compiles fast
 * object parsers with `new Function` after probing whether eval is allowed, and the probe itself
 * is reported as a violation; jitless parsing never asks. Imported first, before any schema exists.
 */
config({ jitless: true })

import * as z from 'zod'

/**
 * The content security policy allows no eval (script-src without 'unsafe-eval'). Zod compiles fast
 * object parsers with `new Function` after probing whether eval is allowed, and the probe itself
 * is reported as a violation; jitless parsing never asks. Imported first, before any schema exists.
 */
z.config({ jitless: true })

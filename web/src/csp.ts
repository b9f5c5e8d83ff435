/**
 * The content security policy allows no eval (script-src without 'unsafe-eval'). Zod compiles fast
 * object parsers with `new Function` after probing whether eval is allowed, and it probes as each
 * object schema is made, which the browser reports as a violation. Jitless parsing never asks.
 *
 * Zod keeps the config it finds on this global when it loads, so it is set here, before zod and
 * every schema: this module imports nothing and is its own chunk, the first the entry imports
 * (vite.config.ts); as part of the entry chunk it would run after the shared schemas chunk.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> }
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true }

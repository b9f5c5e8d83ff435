import type { Plugin } from 'vite'

/**
 * V8's explicit compile hint (Chrome 136+) on the first line of every chunk: V8 compiles all of a
 * chunk's functions as the chunk streams in, off the main thread, instead of each on the main thread
 * at its first call. A chunk loads when its screen needs it, so most of its functions run at once
 * anyway; without the hint the installed app compiled them again on every visit (the Chromium here
 * never reads a module's code cache back), and its warm start took 0.1 to 0.3 s longer (README, "The
 * signed-in first screens"). Added last: Vite puts its preload list on top of a chunk, and the
 * minifier drops comments.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'
export const compileHints = (): Plugin => ({
  name: 'compile-hints',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        chunk.code = COMPILE_HINT + chunk.code
        // One line more above the code: its source map (an asset of the bundle by now) moves down a line.
        // A map of nothing (a catalogue's) stays empty, as tools such as Lighthouse expect it.
        const map = bundle[`${chunk.fileName}.map`]
        if (map?.type !== 'asset') continue
        const json = JSON.parse(map.source.toString()) as { mappings: string }
        if (json.mappings !== '') map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` })
      }
    },
  },
})

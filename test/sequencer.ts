import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Vitest's order (failed first, then slowest by its cache, else largest file), with the benchmark's
 * quick run always first: it is one long file, and started last it would leave the run waiting on
 * it alone. A fresh clone has no cache to tell vitest so.
 */
export class BenchFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files)
    const bench = (f: TestSpecification) => f.project.name === 'bench'
    return [...sorted.filter(bench), ...sorted.filter((f) => !bench(f))]
  }
}

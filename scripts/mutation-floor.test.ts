import { describe, expect, it } from 'vitest'
import { fileScores, filesUnderFloor } from './mutation-floor.ts'

const mutants = (statuses: Record<string, number>) =>
  Object.entries(statuses).flatMap(([status, n]) => Array.from({ length: n }, () => ({ status })))

describe('the mutation floor per file', () => {
  const report = {
    files: {
      'b.ts': { mutants: mutants({ Killed: 7, Timeout: 1, Survived: 1, NoCoverage: 1, Ignored: 5 }) },
      'a.ts': { mutants: mutants({ Killed: 3, Survived: 1, CompileError: 2 }) },
      'c.ts': { mutants: mutants({ Ignored: 3 }) },
      'd.ts': { mutants: mutants({ Killed: 79, Survived: 21 }) },
    },
  }

  it('scores each file by the mutants its tests detect, ignored and broken ones aside', () => {
    expect(fileScores(report).map((f) => [f.file, f.score])).toEqual([
      ['a.ts', 75],
      ['b.ts', 80],
      ['c.ts', 100],
      ['d.ts', 79],
    ])
  })

  it('names the files under the floor, at the floor passing', () => {
    expect(filesUnderFloor(report).map((f) => f.file)).toEqual(['a.ts', 'd.ts'])
    expect(filesUnderFloor(report, 75).map((f) => f.file)).toEqual([])
  })
})

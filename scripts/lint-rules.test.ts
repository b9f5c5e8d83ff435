import { RuleTester } from 'eslint'
import { describe, it } from 'vitest'
import { commentsSayWhy } from '../eslint.config.js'

RuleTester.describe = describe
RuleTester.it = it

/** A citation as a comment would carry it (written so that this file cites nothing itself). */
const cite = (n: number) => ['Issue', String(n)].join(' ')

describe('comments say why, not which issue asked', () => {
  new RuleTester().run('no-issue-numbers', commentsSayWhy.rules['no-issue-numbers'], {
    valid: [
      '// A kiosk punch counts its try before the PIN is checked.',
      '/** The 3 issues of a magazine. */ const issues = 3',
      `const text = '${cite(52)}' // the string is data, not a comment`,
    ],
    invalid: [
      { code: `// ${cite(52)}: the lockout`, errors: [{ messageId: 'cite' }] },
      { code: `/** Counted (${cite(17).toLowerCase()}). */\nconst n = 1`, errors: [{ messageId: 'cite' }] },
      {
        code: `const a = 1 // see ${cite(32).toLowerCase().replace('issue', 'issues')} and 33`,
        errors: [{ messageId: 'cite' }],
      },
    ],
  })
})

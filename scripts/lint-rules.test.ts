import { RuleTester } from 'eslint'
import { describe, it } from 'vitest'
import { commentsSayWhy } from '../eslint.config.js'

RuleTester.describe = describe
RuleTester.it = it

describe('comments say why, not which issue asked', () => {
  new RuleTester().run('no-issue-numbers', commentsSayWhy.rules['no-issue-numbers'], {
    valid: [
      '// A kiosk punch counts its try before the PIN is checked.',
      '/** The 3 issues of a magazine. */ const issues = 3',
      "const text = 'issue 52' // the string is data, not a comment",
    ],
    invalid: [
      { code: '// Issue 52: the lockout', errors: [{ messageId: 'cite' }] },
      { code: '/** Counted (issue 17). */\nconst n = 1', errors: [{ messageId: 'cite' }] },
      { code: 'const a = 1 // see issues 32 and 33', errors: [{ messageId: 'cite' }] },
    ],
  })
})

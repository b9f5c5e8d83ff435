import type { Linter, Rule } from 'eslint'

/** The types of eslint.config.js (plain JavaScript, as ESLint reads it), for the tests of its own rules. */
export const commentsSayWhy: { rules: Record<'no-issue-numbers', Rule.RuleModule> }
declare const config: Linter.Config[]
export default config

/**
 * The house: no import circles, and no floor reaching up into scripts/ (the commands run by
 * people and CI, which may import anything; nothing imports them). `npm run lint` runs it.
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Two modules that need each other are one module, or share a third they both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'nothing-imports-scripts',
      severity: 'error',
      comment: 'scripts/ are entry points; what two floors share lives in a package or in web/.',
      from: { path: '^(packages|functions|local|infra|web|e2e|test)/' },
      to: { path: '^scripts/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|cdk\\.out|coverage|reports)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
}

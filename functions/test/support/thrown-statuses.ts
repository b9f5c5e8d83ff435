import { join } from 'node:path'
import ts from 'typescript'

const root = join(import.meta.dirname, '../..', '..')
const errorsFile = join(root, 'packages/core/src/errors.ts')
const responseFile = join(root, 'functions/src/http/response.ts')
/** The helpers of @app/core's one error model, by the status each makes. */
const helperStatus: Record<string, number> = {
  badRequest: 400,
  unauthorized: 401,
  paymentRequired: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  unavailable: 503,
}
/** The wrapper's own refusals are the same for every route of a kind; the document derives them from the declaration. */
const wrapper = new Set(
  ['define-route.ts', 'middleware.ts', 'api-token.ts'].map((f) => join(root, 'functions/src/http', f)),
)

type FunctionNode = ts.SignatureDeclaration & { body?: ts.Node }

/**
 * Reads the code of routes for the error statuses it can throw: everything a route's file calls,
 * followed through the functions it calls in this repository (workflows, the data layer, core),
 * to each error helper or `new AppError(status, ...)`. An error a route answers without throwing
 * (an HTML page of an emailed link that says why it cannot be used) counts too: a status of 400 or
 * more written as a number in a call that makes an `HttpResponse` (`layout(..., 404)`,
 * `linkProblemPage(language, 'expired', 410)`, `new HttpResponse(404)`). A function met inside another is followed
 * when it is called, not where it is written (a data module's factory holds all its methods);
 * a callback written as an argument is followed with its call. Calls through an interface with no
 * body here (the adapters) are not followed: what they throw is a dependency's failure, a 503.
 */
export const thrownStatusReader = () => {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    },
  })!
  const rootNames = config.fileNames.filter((f) => f.startsWith(join(root, 'functions/src')))
  const program = ts.createProgram({ rootNames, options: { ...config.options, noEmit: true } })
  const checker = program.getTypeChecker()
  const seen = new Map<ts.Node, Set<number>>()

  const declarationsOf = (node: ts.Node): ts.Declaration[] => {
    let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(node) ? node.name : node)
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol)
    return symbol?.declarations ?? []
  }

  /**
   * What a declaration names that can run, if written here: a function, or a value made by a call
   * (a link's kind, `signedLink({ check })`), whose call hands over what later runs.
   */
  const functionOf = (d: ts.Declaration): FunctionNode | ts.CallExpression | undefined => {
    const file = d.getSourceFile().fileName
    if (file.includes('/node_modules/') || file.endsWith('.d.ts') || wrapper.has(file)) return undefined
    if (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d)) return d
    if (ts.isShorthandPropertyAssignment(d)) {
      const value = checker.getShorthandAssignmentValueSymbol(d)?.declarations?.[0]
      return value && functionOf(value)
    }
    const value = ts.isVariableDeclaration(d) || ts.isPropertyAssignment(d) ? d.initializer : undefined
    if (value && ts.isVariableDeclaration(d) && ts.isCallExpression(value)) return value
    return value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) ? value : undefined
  }

  /** A member of an object handed to a call (a route's spec), whose functions the callee runs. */
  const handedToCall = (n: ts.Node) =>
    n.parent !== undefined && ts.isObjectLiteralExpression(n.parent) && ts.isCallExpression(n.parent.parent)

  /** A function written inside another, which runs when it is called rather than where it is written. */
  const writtenInside = (n: ts.Node) =>
    ts.isFunctionDeclaration(n) ||
    (ts.isVariableDeclaration(n) && n.initializer !== undefined && ts.isFunctionLike(n.initializer)) ||
    ((ts.isMethodDeclaration(n) || (ts.isPropertyAssignment(n) && ts.isFunctionLike(n.initializer))) &&
      !handedToCall(n))

  /** Whether the call makes an answer of ours (an `HttpResponse`), whose error status is then answered, not thrown. */
  const makesResponse = (call: ts.CallExpression | ts.NewExpression) => {
    const made = checker.getTypeAtLocation(call).getSymbol()?.declarations ?? []
    return made.some((d) => d.getSourceFile().fileName === responseFile)
  }
  /** The error statuses written as numbers among a call's arguments. */
  const answeredStatuses = (call: ts.CallExpression | ts.NewExpression) =>
    (call.arguments ?? [])
      .flatMap((a) => (ts.isNumericLiteral(a) ? [Number(a.text)] : []))
      .filter((s) => s >= 400 && s < 600)

  const byName = (e: ts.Node | undefined): e is ts.Expression =>
    e !== undefined && (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e))

  /**
   * What a node may run: a call's callee, and functions handed over by name, as an argument
   * (`items.map(toView)`) or in an object (`{ check: checkLink }`), which the receiver calls.
   */
  const reached = (n: ts.Node): ts.Node[] => {
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) return [n.expression, ...(n.arguments ?? []).filter(byName)]
    if (!handedToCall(n)) return []
    if (ts.isPropertyAssignment(n) && byName(n.initializer)) return [n.initializer]
    return ts.isShorthandPropertyAssignment(n) ? [n.name] : []
  }

  const statusesOf = (start: ts.Node): Set<number> => {
    const known = seen.get(start)
    if (known) return known
    const found = new Set<number>()
    seen.set(start, found)
    const visit = (n: ts.Node) => {
      if (n !== start && !ts.isSourceFile(start) && writtenInside(n)) return
      if (ts.isNewExpression(n) && n.expression.getText() === 'AppError') {
        const status = n.arguments?.[0]
        if (status && ts.isNumericLiteral(status)) found.add(Number(status.text))
      }
      if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && makesResponse(n))
        for (const status of answeredStatuses(n)) found.add(status)
      for (const d of reached(n).flatMap(declarationsOf)) {
        const name = ts.isVariableDeclaration(d) ? d.name.getText() : ''
        if (d.getSourceFile().fileName === errorsFile && name in helperStatus) found.add(helperStatus[name]!)
        const fn = functionOf(d)
        if (fn && fn !== start) for (const status of statusesOf(fn)) found.add(status)
      }
      ts.forEachChild(n, visit)
    }
    visit(start)
    return found
  }

  /** The statuses the route in `functions/src/<key>.ts` can throw, in order. */
  return (key: string): number[] => {
    const file = program.getSourceFile(join(root, 'functions/src', `${key}.ts`))
    if (!file) throw new Error(`no route file for ${key}`)
    return [...statusesOf(file)].sort((a, b) => a - b)
  }
}

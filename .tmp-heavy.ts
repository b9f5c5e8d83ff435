import { bundleRoutes } from './scripts/bench/bundles.ts'
const keys = ['auth/login', 'demo/open-demo', 'auth/logout', 'timesheets/get-current-week', 'health/get-health']
const b = await bundleRoutes(keys, '/tmp/floors-bundles')
for (const k of keys) {
  console.log(k, Math.round(b.sizes.sdkBundled[k]! / 1024), 'KB;', Math.round(b.sizes.sdkExternal[k]! / 1024), 'KB ext')
  console.log('  ', b.heaviest('sdkBundled', k, 14).map((p) => `${p.name} ${Math.round(p.bytes / 1024)}`).join(', '))
}

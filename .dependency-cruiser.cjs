// The layers of DESIGN.md ("Layers of server/"), held by `npm run lint` (decision 016):
//
//   composition   app.ts, serve.ts, main.ts, first-start.ts, cli/, the root router
//                 (root-router.ts) and request context (request-context.ts), the courses page's
//                 renders (courses-page.ts), rest/ (the table of the domains' REST rows), openapi/
//   domains       audit < users < auth < media < slider < course < account < billing < discussion (a domain
//                 imports only the base and the domains to its left)
//   base          lib < paths < config < redis-client < db < events < limits < app-deps < trpc < http
//                 (the same: a part of the base imports only the parts to its left). trpc/ is tRPC's
//                 init, errors and the context's shape; http/ the HTTP plumbing, the REST rows'
//                 machinery included (http/rest-rows.ts)
//
// Every import points down, type-only imports included: a type names what it depends on as surely
// as a call does. When a domain needs something from one above it, the thing belongs lower or the
// call belongs in composition. Tests are left out: they build the whole app on purpose.
// With the domains and the base each in one written order, and composition on top, no two of the
// folders and files at server/'s top import each other, however indirectly (decision 040).
// Beside the server: client/ never imports server/ except the router's type through lib/trpc.ts,
// and shared/ imports neither.

const DOMAINS = ['audit', 'users', 'auth', 'media', 'slider', 'course', 'account', 'billing', 'discussion'];
const BASE_PARTS = ['lib/', 'paths.ts', 'config.ts', 'redis-client.ts', 'db/', 'events/', 'jobs/', 'limits/', 'app-deps.ts', 'trpc/', 'http/'];
const part = (names) => `^server/(${names.map((name) => (name.endsWith('/') ? name : `${name.replace('.', '\\.')}$`)).join('|')})`;
const BASE = part(BASE_PARTS);
const COMPOSITION = '^server/((app|serve|main|first-start|root-router|request-context|courses-page)\\.ts|(cli|rest|openapi)/)';
const TESTS = '\\.test\\.tsx?$';
const folder = (names) => `^server/(${names.join('|')})/`;

module.exports = {
  forbidden: [
    {
      name: 'base-imports-base',
      comment: 'The base layer knows no domain and no composition.',
      severity: 'error',
      from: { path: BASE, pathNot: TESTS },
      to: { path: '^server/', pathNot: BASE },
    },
    ...BASE_PARTS.slice(0, -1).map((name, i) => ({
      name: `base-${name.replace(/\/$|\.ts$/, '')}-imports-below`,
      comment: `In the base, ${name} imports ${i === 0 ? 'no other part of the base' : `only ${BASE_PARTS.slice(0, i).join(', ')}`}: never ${BASE_PARTS.slice(i + 1).join(', ')}.`,
      severity: 'error',
      from: { path: part([name]), pathNot: TESTS },
      to: { path: part(BASE_PARTS.slice(i + 1)) },
    })),
    ...DOMAINS.map((domain, i) => ({
      name: `${domain}-imports-below`,
      comment: `The ${domain} domain imports the base and ${i === 0 ? 'no other domain' : DOMAINS.slice(0, i).join(', ')} only: never ${[...DOMAINS.slice(i + 1), 'composition'].join(', ')}.`,
      severity: 'error',
      from: { path: folder([domain]), pathNot: TESTS },
      to: { path: `${COMPOSITION}|${DOMAINS.length > i + 1 ? folder(DOMAINS.slice(i + 1)) : '^$'}` },
    })),
    {
      name: 'server-in-its-layers',
      comment: 'Every file of server/ belongs to a layer: a new root file or folder is placed in one here.',
      severity: 'error',
      from: { path: '^server/', pathNot: `${BASE}|${COMPOSITION}|${folder(DOMAINS)}|${TESTS}` },
      to: {},
    },
    {
      name: 'no-circular',
      comment:
        'Modules that import each other in a loop cannot be understood, tested or moved one at a time. A loop closed by a type alone (an interface and its implementations) loads nothing and is allowed.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'client-without-server',
      comment: 'The client runs in the browser: of the server it knows the router type only, through lib/trpc.ts.',
      severity: 'error',
      from: { path: '^client/', pathNot: '^client/src/lib/trpc\\.ts$' },
      to: { path: '^server/' },
    },
    {
      name: 'client-server-types-only',
      comment: 'lib/trpc.ts takes the router type, never server code.',
      severity: 'error',
      from: { path: '^client/src/lib/trpc\\.ts$' },
      to: { path: '^server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-stands-alone',
      comment: 'shared/ is used by both sides, so it imports neither.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|client)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};

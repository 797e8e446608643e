// The import rules `npm run check` enforces (dependency-cruiser; docs/layers.md
// says what each layer is for and what a module's public face is).
//
// How files are read: TypeScript 7 has no JavaScript API for the cruiser to
// call, so Babel's TypeScript preset strips the types (`import type` and
// `{ type X }` vanish, as they do from the built code: a type-only import is
// no dependency at run time and is allowed everywhere) and the cruiser reads
// what is left; @swc/core is installed only because the cruiser scans `.ts`
// and `.tsx` files when it finds a TypeScript reader.

const API = '^apps/api/src/';
/** Files that are not shipped (tests and their helpers): not checked. */
const TESTS = '\\.test\\.tsx?$|\\.testing\\.ts$|^apps/api/src/test/|^apps/web/src/test/';
/** The API's composition root: the files that put the modules together. */
const API_TOP = `${API}(app|server)\\.ts$|${API}cli/|${API}jobs/registry\\.ts$`;
/** The API's layer below the modules: it never imports a module or the root. */
const API_BELOW = `${API}(lib|db|jobs|plugins)/|${API}(deps|config|config\\.fcm)\\.ts$`;
const MODULES = `${API}modules/`;
const FEATURES = '^apps/web/src/features/';

module.exports = {
  forbidden: [
    {
      name: 'api-layer-below-modules',
      comment:
        'lib/, db/, jobs/ and plugins/ are below the modules: they never import a module or the composition root (app.ts, server.ts, cli/, jobs/registry.ts). Move the shared piece down, or let the caller pass it in.',
      severity: 'error',
      from: { path: API_BELOW, pathNot: API_TOP },
      to: { path: `${MODULES}|${API_TOP}` },
    },
    {
      name: 'api-modules-below-root',
      comment:
        'A module never imports the composition root (app.ts, server.ts, cli/, jobs/registry.ts): the root imports the modules.',
      severity: 'error',
      from: { path: MODULES },
      to: { path: API_TOP },
    },
    {
      name: 'api-module-internals',
      comment:
        "A module uses another module only through its public face, its index.ts (docs/layers.md). Export the piece there, or move it below the modules (lib/) when it is not the other module's business.",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: MODULES,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'no-cycles',
      comment:
        'Two files that import each other (directly or round a longer loop) are one piece pretending to be two: move what both need to a third file below them. Type-only imports do not count, nor a loop closed by a lazy `import()` (the lazy file loads after its importer has run, as screens load their code).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'web-feature-internals',
      comment:
        "A web feature imports another feature only through that feature's index.ts(x). Shared code lives in src/components and src/lib.",
      severity: 'error',
      from: { path: `${FEATURES}([^/]+)/` },
      to: {
        path: FEATURES,
        pathNot: [`${FEATURES}$1/`, `${FEATURES}[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'web-contract-root-values',
      comment:
        "The web takes values from the contract's modules ('@bo/contract/auth', …), never from its root '@bo/contract', which imports every module and would put every feature's schemas (and zod) into the first screens' bundle (docs/performance.md). Type-only imports are erased and stay allowed.",
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { path: '^packages/contract/src/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and their helpers are not shipped and may reach anything.
    exclude: { path: `node_modules|/dist/|${TESTS}` },
    babelConfig: { fileName: '.dependency-cruiser.babel.json' },
    // Unchanged files are not read again (the cache is keyed by content).
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};

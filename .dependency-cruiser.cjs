/**
 * The server's layers (issue 28): each may import only from the layers below it, and nothing may
 * import in a circle. `npm run lint` runs this beside biome, so a new violation fails CI.
 *
 * Low to high: kernel < infra < {ledger, accounts, market} < lines < views < notify < operator < ops
 * < the composition root (app.ts, server.ts, main.ts, modules.ts, config.ts). Type-only imports
 * count: a type that points up ties the layers together as much as a call does.
 *
 * Siblings on the same layer: ledger, accounts and market may use each other (they are the base
 * every line books through); inside notify, inside views and inside ops folders may use each other;
 * the product lines may not (each is its own line; what they share belongs to a lower layer).
 */
const SRC = '^apps/server/src/';
const layers = [
  { name: 'kernel', dirs: ['kernel'] },
  { name: 'infra', dirs: ['infra'] },
  { name: 'base', dirs: ['ledger', 'accounts', 'market'] },
  { name: 'lines', dirs: ['lines'] },
  { name: 'views', dirs: ['views'] },
  { name: 'notify', dirs: ['notify'] },
  { name: 'operator', dirs: ['operator'] },
  { name: 'ops', dirs: ['ops'] },
];
const under = (dirs) => `${SRC}(${dirs.join('|')})/`;
const ROOT_FILES = `${SRC}[^/]+$`;

const upward = layers.map((layer, i) => ({
  name: `no-upward-from-${layer.name}`,
  comment: `${layer.name} may import only from the layers below it`,
  severity: 'error',
  from: { path: under(layer.dirs) },
  to: {
    path: [...layers.slice(i + 1).map((above) => under(above.dirs)), ROOT_FILES],
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'an import cycle makes two modules one: neither can be read, tested or moved alone',
      severity: 'error',
      from: { path: SRC },
      to: { circular: true },
    },
    ...upward,
    {
      name: 'no-line-to-line',
      comment: 'a product line does not import another line; what they share lives lower down',
      severity: 'error',
      from: { path: `${SRC}lines/([^/]+)/` },
      to: { path: `${SRC}lines/`, pathNot: `${SRC}lines/$1/` },
    },
    {
      name: 'kernel-imports-no-app-code',
      comment: 'the kernel is types and errors every line needs; it imports libraries only',
      severity: 'error',
      from: { path: `${SRC}kernel/` },
      to: { path: '^apps/', pathNot: `${SRC}kernel/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.ts$', '/migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

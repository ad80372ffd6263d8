/**
 * The server's layers (issue 28): each may import only from the layers below it, and nothing may
 * import in a circle. `npm run lint` runs this beside biome, so a new violation fails CI.
 *
 * Low to high: kernel < infra < {ledger, accounts, market} < lines < views < notify < operator < ops
 * < the composition root (app.ts, server.ts, main.ts, modules.ts, config.ts). Type-only imports
 * count: a type that points up ties the layers together as much as a call does.
 *
 * views, notify and operator sit above the lines but do not import them: they read the lines through
 * the modules' reads (kernel/reads.ts, issue 28), so a line's tables are named only in its store and
 * its reads*.ts files.
 *
 * Siblings on the same layer: ledger, accounts and market may use each other (they are the base
 * every line books through); inside notify, inside views and inside ops folders may use each other;
 * between product lines only launch-pool -> simple-earn (auto-earn puts rewards into simple earn
 * and reads its rate) and wealth -> staking (wealth reuses staking's rate-acceptance rule). The CLI
 * entry points (ops/cli) are composition roots of their own: they may build the app (app.ts,
 * config.ts, modules.ts) as main.ts does.
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

const ENTRY_POINTS = `${SRC}ops/cli/`;

const upward = layers.map((layer, i) => ({
  name: `no-upward-from-${layer.name}`,
  comment: `${layer.name} may import only from the layers below it`,
  severity: 'error',
  from: { path: under(layer.dirs), pathNot: ENTRY_POINTS },
  to: {
    path: [...layers.slice(i + 1).map((above) => under(above.dirs)), ROOT_FILES],
  },
}));

const LINES = ['simple-earn', 'launch-pool', 'staking', 'wealth', 'soft-staking', 'dual'];
/** The other lines a line may import (see above). */
const LINE_USES = { 'launch-pool': ['simple-earn'], wealth: ['staking'] };

const lineToLine = LINES.map((line) => ({
  name: `no-line-to-line-from-${line}`,
  comment: 'a product line does not import another line; what they share lives lower down',
  severity: 'error',
  from: { path: `${SRC}lines/${line}/` },
  to: {
    path: `${SRC}lines/(${LINES.filter((other) => other !== line && !(LINE_USES[line] ?? []).includes(other)).join('|')})/`,
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
    ...lineToLine,
    {
      name: 'no-lines-from-views-notify-operator',
      comment:
        "views, notify and the operator read the product lines through the modules' reads (kernel/reads.ts, " +
        'AppDeps.reads), never by importing a line: a line keeps its tables and its code to itself',
      severity: 'error',
      from: { path: under(['views', 'notify', 'operator']) },
      to: { path: `${SRC}lines/` },
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

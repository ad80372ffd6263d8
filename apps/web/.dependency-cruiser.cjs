/**
 * The web app's import rules (issue 28): a feature (a product line or a screen group under
 * src/features) stands alone, so that one line can change, move or go without touching another.
 * What two features share lives below them in src/components, src/api or src/i18n, and those
 * never reach back up into a feature. Run by `npm run lint:web-deps`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle ties modules into one unit that cannot be loaded, tested or split apart.',
      from: { path: '^apps/web/src/' },
      to: { circular: true },
    },
    {
      name: 'no-cross-feature',
      severity: 'error',
      comment:
        'A feature does not import another feature: move what both need to src/components, src/api or src/i18n.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'shared-not-to-features',
      severity: 'error',
      comment: 'Shared code (components, api, i18n) sits below the features and never imports one.',
      from: { path: '^apps/web/src/(components|api|i18n)/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

// The TypeScript projects `tsc -b` checks (each workspace with its own tsconfig; contracts, domain, server
// and sim are composite projects the others reference). Shared by typecheck.mjs and typecheck-lint.mjs.
export const PROJECTS = [
  'packages/contracts',
  'packages/domain',
  'apps/server',
  'apps/web',
  'apps/sim',
  'e2e',
  'bench',
];

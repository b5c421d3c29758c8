// `npm run typecheck-lint` (CI's `static` step): the type check and the type-aware lint in one process, sharing the type
// checker. `tsc -b` checks every workspace once (composite projects, declarations in
// node_modules/.cache/tsc, incremental); type-aware ESLint used to build programs of its own and check the
// same files again (docs/testing.md "Where CI's time goes"). Here the solution builder's programs — each
// already fully checked — are handed to ESLint (`parserOptions.programs`), so a rule's type question is
// answered from the checker's cache. Files no program holds (a project that was up to date and so not
// rebuilt, the root config files, plain JavaScript) are linted the usual way, through the project service.
// `npm run typecheck` and `npm run lint` stay the plain tools for working on one half.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { PROJECTS } from './projects.mjs';

const LINTED = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.git']);

const root = process.cwd();

/** Builds the solution as `tsc -b` does; answers its exit code and the programs it checked. */
function typecheck() {
  const report = ts.createDiagnosticReporter(ts.sys, process.stdout.isTTY === true);
  const host = ts.createSolutionBuilderHost(ts.sys, undefined, report, undefined, undefined);
  const programs = [];
  // Called with each project's program once it is checked and emitted, before the builder lets it go.
  host.afterProgramEmitAndDiagnostics = (builderProgram) => {
    const program = builderProgram.getProgram();
    if (program !== undefined) programs.push(program);
  };
  const builder = ts.createSolutionBuilder(host, PROJECTS, {});
  const status = builder.build();
  return { ok: status === ts.ExitStatus.Success, programs };
}

/** Every file under `dir` ESLint could lint (its ignores are applied later). */
function lintable(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) lintable(join(dir, entry.name), out);
    } else if (LINTED.test(entry.name) && !/\.d\.[mc]?ts$/.test(entry.name)) {
      out.push(join(dir, entry.name));
    }
  }
  return out;
}

async function lint(programs) {
  const plain = new ESLint({ cwd: root });
  const files = [];
  for (const file of lintable(root)) if (!(await plain.isPathIgnored(file))) files.push(file);
  const inPrograms = new Set();
  for (const program of programs)
    for (const source of program.getSourceFiles()) {
      const file = resolve(source.fileName);
      if (!source.isDeclarationFile && !file.includes('/node_modules/')) inPrograms.add(file);
    }
  const shared = files.filter((f) => inPrograms.has(f));
  const rest = files.filter((f) => !inPrograms.has(f));
  const withPrograms = new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: { parserOptions: { programs, projectService: false, project: null } },
    },
  });
  const results = [
    ...(shared.length > 0 ? await withPrograms.lintFiles(shared) : []),
    ...(rest.length > 0 ? await plain.lintFiles(rest) : []),
  ];
  const formatter = await plain.loadFormatter('stylish');
  const text = await formatter.format(results);
  if (text !== '') console.log(text);
  const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
  console.log(
    `lint: ${results.length} files (${shared.length} with the type check's programs), ${problems} problems`,
  );
  // As `eslint --max-warnings 0`: a warning fails too.
  return problems === 0;
}

const { ok: typed, programs } = typecheck();
console.log(`typecheck ${PROJECTS.join(', ')}: ${typed ? 'ok' : 'failed'}`);
const linted = await lint(programs);
process.exit(typed && linted ? 0 : 1);

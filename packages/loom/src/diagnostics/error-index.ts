import { ERROR_CODES, ERROR_REGISTRY, LINT_CODES, LINT_REGISTRY } from '../errors.js';

/**
 * docs/loom/errors.md, written from the registry so the page and `loom explain` cannot
 * disagree; a test fails when the committed page is stale.
 */
export function renderErrorIndex(): string {
  const summaryRows = ERROR_CODES.map((code) => {
    const { family, title } = ERROR_REGISTRY[code];
    return `| ${code} | ${family} | ${title} |`;
  });
  const sections = ERROR_CODES.map((code) => {
    const { family, title, cause, remedy } = ERROR_REGISTRY[code];
    return [`## ${code}: ${title}`, '', `Family: \`${family}\``, '', `**Cause.** ${cause}`, '', `**Remedy.** ${remedy}`, ''].join('\n');
  });
  const lintSections = LINT_CODES.map((code) => {
    const { title, remedy } = LINT_REGISTRY[code];
    return [`### ${code}: ${title}`, '', `**Remedy.** ${remedy}`, ''].join('\n');
  });
  return [
    '# Loom error codes',
    '',
    '<!-- Generated from packages/loom/src/errors.ts; regenerate with',
    '     LOOM_UPDATE_DOCS=1 npm test -- error-index -->',
    '',
    'Every error the Loom compiler or runtime raises carries one of these codes. `loom explain CODE`',
    'prints the same cause and remedy. Scripts can catch runtime errors with `try/catch` and read',
    '`e.code` and `e.message`.',
    '',
    'Compile-time findings are printed with a code frame:',
    '',
    '```',
    "Error E001: Undeclared identifier 'Writer'",
    '  --> flows/main.nx:12:5',
    '   |',
    '12 |     Writer.run(x)',
    '   |     ^^^^^^',
    '```',
    '',
    'Runtime errors are printed under their family, with their location and code; contract',
    'failures name the clause and how the condition was judged:',
    '',
    '```',
    'DatabaseError: Failed to connect to sqlite://data/app.db',
    '  --> app.nx:3:1',
    '  = code E401',
    '',
    'ContractViolation(requires:deterministic, message="amount must be positive")',
    '  --> transfer.nx:5:5',
    '  = code E201',
    '```',
    '',
    '| Code | Family | Title |',
    '|------|--------|-------|',
    ...summaryRows,
    '',
    ...sections,
    '## Lint warnings',
    '',
    '`loom lint` adds warnings with W-codes. They are not errors: they never fail a build or',
    'change the exit status, and `loom explain W002` prints their remedy too.',
    '',
    ...lintSections,
  ].join('\n');
}

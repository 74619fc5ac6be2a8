import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isCatalogueText } from './localize';

/*
 * No message escapes translation (issue 31, ADR 186). The types already refuse a plain string
 * where the API answers with words (AppError takes a catalogue message); this reads the code
 * as well, so a cast or a new helper cannot slip one through:
 * - the message (and details) given to AppError, notFound, forbidden, unauthorized and
 *   conflict are never literal text: a contracts message or `msg(...)`;
 * - the messages schemas write (`.min(1, '…')`, `{ error: '…' }`, `addIssue({ message })`), in
 *   the contracts and in the API's own routes, are catalogue texts (the error plugin finds
 *   them again by their English);
 * - `verbatim(...)` (words sent as they are) appears only where the answer is data, or in the
 *   Trakt-compatible API, which answers in English as Trakt does.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const apiSrc = path.resolve(here, '../..');
const contractsSrc = path.resolve(here, '../../../../../packages/contracts/src');
/** The Trakt-compatible API keeps Trakt's English (ADR 186). */
const traktDir = `${path.sep}features${path.sep}trakt${path.sep}`;
/** Where `verbatim` carries data in `details` (an id, a date, a moderator's reason). */
const verbatimHomes = [
  'platform/access.ts',
  'features/reviews/reviews.service.ts',
  'features/reviews/episode-reviews.service.ts',
];

/**
 * What answers requests: not tests, nor the operator's side (config.ts's start-up checks, the
 * CLIs) or SQL (repositories and db/, whose `.max('column')` is an aggregate, not a message).
 */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['cli', 'db'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) &&
      !/\.(test|d|repository)\.ts$/.test(entry.name) &&
      entry.name !== 'config.ts'
      ? [full]
      : [];
  });
}

/** The error constructors and where their message (and details) go. */
const errorMakers = new Map<string, number[]>([
  ['AppError', [2, 3]],
  ['notFound', [0]],
  ['forbidden', [0]],
  ['unauthorized', [0]],
  ['conflict', [1, 2]],
]);
/** Zod checks whose last argument may be a message. */
const zodChecks = new Set([
  'min',
  'max',
  'length',
  'regex',
  'int',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'multipleOf',
  'refine',
  'startsWith',
  'endsWith',
  'includes',
  'email',
  'url',
  'uuid',
  'datetime',
  'date',
  'time',
  'gt',
  'gte',
  'lt',
  'lte',
]);

/** Checks whose first argument is a value (a prefix, a pattern, a predicate), not a message. */
const messageSecond = new Set(['regex', 'refine', 'startsWith', 'endsWith', 'includes']);

/** Words written in the code: a string, a template, or text glued with `+`. */
const isText = (node: ts.Node): boolean =>
  ts.isStringLiteral(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  ts.isTemplateExpression(node) ||
  (ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
    (isText(node.left) || isText(node.right)));

const calleeName = (call: ts.CallExpression | ts.NewExpression) => {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return '';
};

interface Finding {
  file: string;
  line: number;
  text: string;
}

function scan(file: string, text = fs.readFileSync(file, 'utf8')) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const rel = path.relative(apiSrc, file).replaceAll(path.sep, '/');
  const trakt = file.includes(traktDir);
  const literalErrors: Finding[] = [];
  const schemaTexts: Finding[] = [];
  const verbatims: Finding[] = [];
  const at = (node: ts.Node): Finding => ({
    file: rel,
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    text: node.getText(source).slice(0, 120),
  });
  /** A literal message must be a catalogue text (a template never is: data in words). */
  const checkSchemaText = (node: ts.Node) => {
    if (trakt || !isText(node)) return;
    const text =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;
    if (text === null || !isCatalogueText(text)) schemaTexts.push(at(node));
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node);
      const args = node.arguments ?? ts.factory.createNodeArray();
      for (const index of errorMakers.get(name) ?? []) {
        const arg = args[index];
        if (!arg) continue;
        if (isText(arg)) literalErrors.push(at(arg));
        if (ts.isObjectLiteralExpression(arg))
          for (const p of arg.properties)
            if (ts.isPropertyAssignment(p) && isText(p.initializer))
              literalErrors.push(at(p.initializer));
      }
      if (name === 'verbatim' && !trakt && !verbatimHomes.includes(rel)) verbatims.push(at(node));
      // A check's message is its last argument (after the value, pattern or predicate).
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        zodChecks.has(name) &&
        args.length > (messageSecond.has(name) ? 1 : 0)
      )
        checkSchemaText(args[args.length - 1]!);
    }
    // `{ error: '…' }`, `{ message: '…' }` in schemas and `ctx.addIssue({ message })`.
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      (node.name.text === 'error' || node.name.text === 'message') &&
      ts.isObjectLiteralExpression(node.parent) &&
      ts.isCallExpression(node.parent.parent) &&
      (zodChecks.has(calleeName(node.parent.parent)) ||
        /^z\.|(^|\.)addIssue$/.test(node.parent.parent.expression.getText(source)))
    )
      checkSchemaText(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { literalErrors, schemaTexts, verbatims };
}

const results = [...sourceFiles(apiSrc), ...sourceFiles(contractsSrc)].map((file) => scan(file));
const all = (key: 'literalErrors' | 'schemaTexts' | 'verbatims') =>
  results.flatMap((r) => r[key]).map((f) => `${f.file}:${f.line} ${f.text}`);

describe('every message the API sends has a catalogue entry', () => {
  it('gives the error constructors catalogue messages, never literal text', () => {
    expect(all('literalErrors')).toEqual([]);
  });

  it('writes schema messages the catalogues hold (contracts and the API’s own)', () => {
    expect(all('schemaTexts')).toEqual([]);
  });

  it('sends words as they are only as data, or from the Trakt-compatible API', () => {
    expect(all('verbatims')).toEqual([]);
  });

  it('reads the sources it checks, and would see a new untranslated message', () => {
    expect(results.length).toBeGreaterThan(200);
    const found = scan(
      path.join(apiSrc, 'features/example/example.service.ts'),
      [
        "throw notFound('Gadget not found');",
        'throw new AppError(400, code, `Too many ${things}`, { field: trackingMessages.x });',
        "throw conflict(code, peopleMessages.blocked, { name: 'taken' });",
        "const q = z.string().min(1, 'Query please').max(5, { error: 'Too long' });",
        "ctx.addIssue({ code: 'custom', message: 'Nope' });",
        "const data = { reason: verbatim('hello') };",
        // Catalogue texts and references pass.
        "throw notFound(msg('errors.notFound'));",
        "const ok = z.string().min(1, 'Username is required').regex(/x/, m['validation.dateForm']);",
      ].join('\n'),
    );
    expect(found.literalErrors.map((f) => f.line)).toEqual([1, 2, 3]);
    expect(found.schemaTexts.map((f) => f.text)).toEqual([
      "'Query please'",
      "'Too long'",
      "'Nope'",
    ]);
    expect(found.verbatims.map((f) => f.line)).toEqual([6]);
  });
});

import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * Messages reach the browser already parsed (issue 32, ADR 187): react-intl formats an ICU AST
 * as it is, so the bundle needs no ICU parser (about 15 kB compressed on every page) and no
 * message is parsed on the main thread.
 *  - each `defaultMessage: '…'` literal in the app's code becomes its AST;
 *  - each language's catalogue (JSON) becomes `{ id: AST }`;
 *  - the build resolves the parser to FormatJS's `no-parser` entry, and fails if a
 *    `defaultMessage` string is left in the output (one the code made at run time would only
 *    fail in a visitor's browser).
 * The pseudo-locale is parsed at build time as well (build/pseudo-locale.ts).
 */

/** A language's catalogue: the web app's (i18n/messages/<locale>/<area>.json) or the contracts'. */
const catalogueFile = /[\\/]messages[\\/](?:(?:de|es|fr|ja|ar)[\\/][^\\/]+|de|es|fr|ja|ar)\.json$/;
const appSource = /[\\/]apps[\\/]web[\\/]src[\\/].*\.[jt]sx?$/;

export function compileMessage(message: string): MessageFormatElement[] {
  return parse(message);
}

export function compileCatalogue(catalogue: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(catalogue).map(([id, message]) => [id, compileMessage(message)]),
  );
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The text of a string literal or a template literal without expressions, else undefined. */
function literalText(node: Node): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) {
    const [quasi] = node.quasis as { value: { cooked: string | null } }[];
    return quasi?.value.cooked ?? undefined;
  }
  return undefined;
}

function isDefaultMessageKey(node: Node): boolean {
  const key = node.key as Node;
  return (
    !node.computed &&
    ((key.type === 'Identifier' && key.name === 'defaultMessage') ||
      (key.type === 'Literal' && key.value === 'defaultMessage'))
  );
}

/** Every `defaultMessage: <literal>` property of a module, replaced by its AST. */
export function compileDefaultMessages(code: string, program: Node, id = ''): MagicString | null {
  const out = new MagicString(code);
  let changed = false;
  const visit = (node: Node) => {
    if (node.type === 'Property' && isDefaultMessageKey(node)) {
      const value = node.value as Node;
      const text = literalText(value);
      if (text !== undefined) {
        let ast: MessageFormatElement[];
        try {
          ast = compileMessage(text);
        } catch (err) {
          throw new Error(
            `${id}: defaultMessage ${JSON.stringify(text)} is not ICU: ${String(err)}`,
          );
        }
        out.overwrite(value.start, value.end, JSON.stringify(ast));
        changed = true;
        return;
      }
    }
    for (const child of Object.values(node)) {
      if (Array.isArray(child)) {
        for (const item of child) if (isNode(item)) visit(item);
      } else if (isNode(child)) visit(child);
    }
  };
  visit(program);
  return changed ? out : null;
}

/** A `defaultMessage` left as a string in a built chunk (`defaultMessage:"…"`, `'…'` or a template). */
export const leftoverDefaultMessage = /\bdefaultMessage:\s*["'`]/;

export function precompiledMessages({ build }: { build: boolean }): Plugin[] {
  return [
    {
      // Catalogues before Vite's JSON plugin turns them into modules.
      name: 'series-tracker:precompiled-catalogues',
      enforce: 'pre',
      transform(code, id) {
        if (!catalogueFile.test(id.split('?')[0]!)) return null;
        const compiled = compileCatalogue(JSON.parse(code) as Record<string, string>);
        return { code: JSON.stringify(compiled), map: null };
      },
    },
    {
      // The app's code after TypeScript and JSX are compiled away: plain JavaScript to parse.
      name: 'series-tracker:precompiled-messages',
      enforce: 'post',
      config: () =>
        build
          ? {
              resolve: {
                alias: [
                  {
                    find: /^@formatjs\/icu-messageformat-parser$/,
                    replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
                  },
                ],
              },
            }
          : undefined,
      transform(code, id) {
        const file = id.split('?')[0]!;
        if (!appSource.test(file) || !code.includes('defaultMessage')) return null;
        const out = compileDefaultMessages(code, this.parse(code) as unknown as Node, file);
        return out ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
      },
      generateBundle(_options, bundle) {
        if (!build) return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const at = chunk.code.search(leftoverDefaultMessage);
          if (at >= 0) {
            this.error(
              `${chunk.fileName}: a defaultMessage is left as a string (${chunk.code.slice(at, at + 80)}…); the bundle has no ICU parser: write the message as a literal where it is used`,
            );
          }
        }
      },
    },
  ];
}

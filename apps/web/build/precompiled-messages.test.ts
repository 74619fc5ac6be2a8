import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  compileCatalogue,
  compileDefaultMessages,
  leftoverDefaultMessage,
} from './precompiled-messages';

type Program = Parameters<typeof compileDefaultMessages>[1];
const compile = (code: string) =>
  compileDefaultMessages(code, parseAst(code) as unknown as Program)?.toString() ?? code;

describe('precompiled messages (ADR 187)', () => {
  it('replaces each defaultMessage literal with its ICU AST, arguments and plurals included', () => {
    const out = compile(
      [
        `const a = { id: 'x.saved', defaultMessage: 'Saved' };`,
        'const b = { id: "x.count", defaultMessage: `{count, plural, one {# show} other {# shows}}` };',
        `jsx(FormattedMessage, { id: 'x.hi', "defaultMessage": "Hi <b>{name}</b>" });`,
      ].join('\n'),
    );
    expect(out).not.toMatch(leftoverDefaultMessage);
    const [a, b, c] = out.split('\n');
    expect(a).toBe(`const a = { id: 'x.saved', defaultMessage: [{"type":0,"value":"Saved"}] };`);
    expect(b).toContain('"type":6'); // plural
    expect(b).toContain('"one":{"value":[{"type":7}');
    expect(c).toContain('"type":8,"value":"b","children":[{"type":1,"value":"name"}]'); // tag
  });

  it('leaves a message made at run time alone, so the build check finds it', () => {
    const code =
      'const m = { id: key, defaultMessage: text };\nconst n = { defaultMessage: `${x}!` };';
    expect(compile(code)).toBe(code);
    expect('{id:"a",defaultMessage:"left"}').toMatch(leftoverDefaultMessage);
  });

  it('refuses a message that is not ICU, naming it', () => {
    expect(() => compile(`({ defaultMessage: 'Broken {count' })`)).toThrow(/Broken \{count/);
  });

  it('parses a catalogue the way the code is parsed', () => {
    expect(compileCatalogue({ 'x.saved': 'Gespeichert', 'x.n': '{n} Serien' })).toEqual({
      'x.saved': [{ type: 0, value: 'Gespeichert' }],
      'x.n': [
        { type: 1, value: 'n' },
        { type: 0, value: ' Serien' },
      ],
    });
  });
});

import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The English source catalogue (ADR 186): every message the web app writes, as
 * `{ id: defaultMessage }`, read from the code by FormatJS's extractor (calls of
 * formatMessage, <FormattedMessage>, defineMessage(s)). Tests are left out.
 */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function extractMessages(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const cli = path.join(
    path.dirname(require.resolve('@formatjs/cli/package.json')),
    'bin',
    'formatjs',
  );
  const out = execFileSync(
    process.execPath,
    [
      cli,
      'extract',
      'src/**/*.{ts,tsx}',
      '--ignore',
      'src/**/*.test.{ts,tsx}',
      '--ignore',
      'src/test/**',
      '--format',
      'simple',
      '--throws',
    ],
    { cwd: webRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out) as Record<string, string>;
}

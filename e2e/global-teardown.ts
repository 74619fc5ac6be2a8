import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Removes this run's throwaway database (and its WAL files), outbox and uploads. */
export default function globalTeardown() {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '.tmp');
  const id = process.env.E2E_RUN_ID;
  if (!id || !fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith(`e2e-${id}.db`) || name.startsWith(`e2e-${id}-`))
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

// `npm start`: build what is out of date (the web app, the API server), then run the compiled
// server. A restart with nothing changed skips both builds and serves in about a second.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time under these files and folders (0 when none exist). */
function newest(entries) {
  let latest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) {
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
      }
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const entry of entries) visit(path.join(root, entry));
  return latest;
}

const shared = ['packages/contracts/src', 'package-lock.json'];
const targets = [
  {
    name: 'web app',
    output: 'apps/web/dist/index.html',
    inputs: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', ...shared],
    workspace: 'apps/web',
  },
  {
    name: 'API server',
    output: 'apps/api/dist/server.js',
    inputs: ['apps/api/src', 'apps/api/scripts', ...shared],
    workspace: 'apps/api',
  },
];

for (const target of targets) {
  const output = path.join(root, target.output);
  const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  if (built && newest(target.inputs) <= built) {
    console.log(`The ${target.name} is up to date.`);
    continue;
  }
  console.log(`Building the ${target.name}…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['run', 'build', '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);

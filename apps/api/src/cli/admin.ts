import { parseArgs } from 'node:util';
import { roles, type Role } from '@series-tracker/contracts';
import { loadConfig } from '../config';
import { connect } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { createServices, type Services } from '../platform/services';

const usage = `Usage:
  npm run admin -- grant <username> [--role admin|moderator]   (default: admin)
  npm run admin -- revoke <username>                           (back to member)`;

/**
 * The roles behind moderation (ADR 151) come from here, never from the web: whoever runs the
 * server grants the first admin. Returns the line to print; throws with the usage on bad input.
 */
export async function runAdmin(
  argv: string[],
  moderation: Pick<Services['moderation'], 'setRole'>,
): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: 'string' } },
  });
  const [command, username] = positionals;
  if ((command !== 'grant' && command !== 'revoke') || !username || positionals.length > 2)
    throw new Error(usage);
  const role = (command === 'revoke' ? 'member' : (values.role ?? 'admin')) as Role;
  if (!roles.includes(role) || (command === 'grant' && role === 'member')) throw new Error(usage);
  const changed = await moderation.setRole(username, role);
  if (!changed) throw new Error(`No member is called ${username}.`);
  return `${username}: ${changed.from} → ${role}`;
}

async function main() {
  const config = loadConfig();
  const db = connect(config.databaseUrl);
  const services = createServices({ config, db });
  try {
    await migrateToLatest(db);
    console.log(await runAdmin(process.argv.slice(2), services.moderation));
  } finally {
    await services.close();
    await db.close();
  }
}

if (process.argv[1] && /admin\.(ts|js)$/.test(process.argv[1])) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

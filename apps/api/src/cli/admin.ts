import { parseArgs } from 'node:util';
import { roles, type Role } from '@series-tracker/contracts';
import type { Services } from '../platform/services';
import { exitWithMessage, withServices } from './run';

const usage = `Usage:
  npm run admin -- grant <username> [--role admin|moderator]   (default: admin)
  npm run admin -- revoke <username>                           (back to member)
  npm run admin -- registration-link <email>                   (a new link for a pending registration)
  npm run admin -- recommendations                             (recompute everyone's picks now)`;

/**
 * A server without SMTP_URL writes its mails to the log and MAIL_OUTBOX_DIR; when neither is
 * at hand, the operator prints a finishing link here (ADR 173). Only the token's hash is
 * stored, so the mailed link cannot be shown again: a fresh token replaces it (the mailed
 * link stops working) and the row keeps its expiry.
 */
export async function registrationLink(
  email: string,
  registration: Pick<Services['registration'], 'reissueLink'>,
  publicUrl: string,
): Promise<string> {
  const found = await registration.reissueLink(email);
  if (!found)
    return `No registration is waiting for ${email} (none, or it expired: register again).`;
  if ('owner' in found)
    return `${email} already has an account: ${found.owner}. Nothing to finish; a password reset link can be asked for on the sign-in page.`;
  const link = new URL(`/finish-registration?token=${found.token}`, publicUrl).toString();
  return `${found.username} (${email}) — open before ${found.expiresAt}:\n${link}`;
}

/**
 * The roles behind moderation (ADR 151) come from here, never from the web: whoever runs the
 * server grants the first admin. Returns the line to print; throws with the usage on bad input.
 */
export async function runAdmin(
  argv: string[],
  moderation: Pick<Services['moderation'], 'setRole'>,
  more: {
    registration?: Pick<Services['registration'], 'reissueLink'>;
    publicUrl?: string;
    recommendations?: Pick<Services['recommendations'], 'rebuild'>;
  } = {},
): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: 'string' } },
  });
  const [command, username] = positionals;
  if (command === 'recommendations') {
    // The scheduled job's work, now (ADR 183): after a big import, or to try a change.
    if (positionals.length > 1 || !more.recommendations) throw new Error(usage);
    const r = await more.recommendations.rebuild();
    return `Recommendations: ${r.shows} shows' neighbours, ${r.picks} picks for ${r.members} members in ${(r.ms / 1000).toFixed(1)} s`;
  }
  if (command === 'registration-link') {
    if (!username || positionals.length > 2 || !more.registration) throw new Error(usage);
    return registrationLink(username, more.registration, more.publicUrl ?? 'http://localhost');
  }
  if ((command !== 'grant' && command !== 'revoke') || !username || positionals.length > 2)
    throw new Error(usage);
  const role = (command === 'revoke' ? 'member' : (values.role ?? 'admin')) as Role;
  if (!roles.includes(role) || (command === 'grant' && role === 'member')) throw new Error(usage);
  const changed = await moderation.setRole(username, role);
  if (!changed) throw new Error(`No member is called ${username}.`);
  return `${username}: ${changed.from} → ${role}`;
}

async function main() {
  await withServices(async ({ config, services }) => {
    console.log(
      await runAdmin(process.argv.slice(2), services.moderation, {
        registration: services.registration,
        publicUrl: config.publicUrl,
        recommendations: services.recommendations,
      }),
    );
  });
}

if (process.argv[1] && /admin\.(ts|js)$/.test(process.argv[1])) {
  main().catch(exitWithMessage);
}

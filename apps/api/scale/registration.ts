import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Client, Server } from './load';
import { sleep } from './processes';

/** The mail a new address gets on registering (ADR 152): its link finishes the registration. */
const FINISH_SUBJECT = 'Finish creating your Series Tracker account';
/** How long a registration waits for its mail (sent by a job, which a fault may hold up). */
const MAIL_TIMEOUT_MS = 30_000;

/**
 * The servers' shared dev outbox (MAIL_OUTBOX_DIR, no SMTP_URL): the finishing links in it.
 * Each .eml is parsed once; a link handed out is not handed out again, so a member who
 * registers again waits for the new mail rather than reusing the replaced link.
 */
export class Outbox {
  private readonly parsed = new Map<string, { to: string; token: string | null }>();
  private readonly handedOut = new Set<string>();

  constructor(private readonly dir: string) {}

  /** The token of a finishing mail to `email` not handed out before, or null after the timeout. */
  async finishingToken(email: string, timeoutMs = MAIL_TIMEOUT_MS): Promise<string | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const names = (await fs.readdir(this.dir).catch(() => [] as string[]))
        .filter((n) => n.endsWith('.eml'))
        .sort();
      const fresh: string[] = [];
      for (const name of names) {
        const mail = await this.read(name);
        if (mail.to === email.toLowerCase() && mail.token && !this.handedOut.has(name))
          fresh.push(name);
      }
      const newest = fresh.at(-1);
      if (newest) {
        // Older links to the address were replaced by the newest one: never hand them out.
        for (const name of fresh) this.handedOut.add(name);
        return this.parsed.get(newest)!.token;
      }
      if (Date.now() > deadline) return null;
      await sleep(200);
    }
  }

  private async read(name: string) {
    let mail = this.parsed.get(name);
    if (!mail) {
      const parsed = await simpleParser(await fs.readFile(path.join(this.dir, name)));
      const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
      const link = parsed.subject?.startsWith(FINISH_SUBJECT)
        ? /\/finish-registration\?token=([A-Za-z0-9_-]+)/.exec(parsed.text ?? '')
        : null;
      mail = { to: to?.value[0]?.address?.toLowerCase() ?? '', token: link?.[1] ?? null };
      this.parsed.set(name, mail);
    }
    return mail;
  }
}

export interface Joined {
  /** Answered 201 by finish-registration: an acknowledged account, signed in. */
  created?: { token: string; id: number };
  /**
   * No 201 was seen, but the account may exist: an earlier attempt's answer was lost in a
   * fault (register says the username is taken, or the used link is refused). Sign in to know.
   */
  maybe?: true;
}

/**
 * Registers as the site does since ADR 152: POST /auth/register (202; 201 with a session for
 * the first account of an empty site, ADR 173), the finishing link from
 * the outbox, POST /auth/finish-registration (201). Retried while a fault refuses a step; a
 * missing mail means registering again (a new link). Returns {} once `running()` is false.
 */
export async function join(
  client: Client,
  pick: () => Server,
  outbox: Outbox,
  body: { username: string; email: string; password: string },
  opts: { running?: () => boolean; record?: boolean } = {},
): Promise<Joined> {
  const running = opts.running ?? (() => true);
  const record = opts.record ?? true;
  while (running()) {
    const reg = await client.call(pick(), 'register', 'POST', '/api/auth/register', {
      body,
      record,
    });
    if (reg.status === 409) return { maybe: true };
    // The first account of a fresh database is created at once, signed in (ADR 173).
    if (reg.status === 201) {
      const created = reg.json as { token: string; user: { id: number } };
      return { created: { token: created.token, id: created.user.id } };
    }
    if (reg.status !== 202) {
      await sleep(200);
      continue;
    }
    const token = await outbox.finishingToken(body.email);
    if (!token) continue;
    while (running()) {
      const res = await client.call(pick(), 'finish', 'POST', '/api/auth/finish-registration', {
        body: { token },
        record,
      });
      if (res.status === 201) {
        const created = res.json as { token: string; user: { id: number } };
        return { created: { token: created.token, id: created.user.id } };
      }
      if (res.status === 400 || res.status === 409) return { maybe: true };
      await sleep(200);
    }
  }
  return {};
}

import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';
import type { AppConfig } from '../src/config';
import { buildTestApp } from './build-test-app';

export interface SmtpOptions {
  /** Wants this login (the app's SMTP_URL then carries it); without one, anyone may send. */
  login?: { user: string; pass: string };
  /** Answers the first N messages 451 (a temporary failure), keeping none of them. */
  rejectFirst?: number;
}

/** A real SMTP server on loopback that keeps every message it is sent (parsed). */
export async function startSmtp({ login, rejectFirst = 0 }: SmtpOptions = {}) {
  const received: ParsedMail[] = [];
  let rejections = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    ...(login
      ? {
          allowInsecureAuth: true,
          onAuth(auth, _session, callback) {
            if (auth.username === login.user && auth.password === login.pass)
              return callback(null, { user: auth.username });
            return callback(new Error('Invalid username or password'));
          },
        }
      : { authOptional: true }),
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (rejections < rejectFirst) {
          rejections++;
          const err = Object.assign(new Error('Mailbox temporarily unavailable'), {
            responseCode: 451,
          });
          return callback(err);
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  // Addresses compare without case: the SMTP client may lower-case a domain on the way.
  const to = (m: ParsedMail) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) =>
      a.value.map((v) => v.address?.toLowerCase()),
    );
  return {
    url: `smtp://${login ? `${login.user}:${login.pass}@` : ''}127.0.0.1:${port}`,
    /** How many messages were answered 451 (`rejectFirst`). */
    rejections: () => rejections,
    received,
    /** Every message to `address` so far. */
    mailsTo: (address: string) => received.filter((m) => to(m).includes(address.toLowerCase())),
    /** Waits for the `n`th message to `address` (1-based) and returns it. */
    async waitFor(address: string, n = 1) {
      return vi.waitFor(
        () => {
          const mails = received.filter((m) => to(m).includes(address.toLowerCase()));
          if (mails.length < n) throw new Error(`${mails.length} mails to ${address}`);
          return mails[n - 1]!;
        },
        { timeout: 20_000, interval: 50 },
      );
    },
    /** Waits for a message to `address` whose subject passes `subject`, and returns it. */
    async waitForSubject(address: string, subject: (subject: string) => boolean) {
      return vi.waitFor(
        () => {
          const mail = received.find(
            (m) => to(m).includes(address.toLowerCase()) && subject(m.subject ?? ''),
          );
          if (!mail) throw new Error(`no such mail to ${address} yet`);
          return mail;
        },
        { timeout: 20_000, interval: 50 },
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token in the link of a mail (reset-password or verify-email). */
export function tokenIn(mail: ParsedMail, page: string): string {
  const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${page} link in: ${mail.text}`);
  return match[1]!;
}

/** The app's mail settings for this stand-in; `outboxDir` keeps copies as files too. */
export const mailVia = (smtp: { url: string }, outboxDir = '') => ({
  smtpUrl: smtp.url,
  from: 'Series Tracker <no-reply@test>',
  outboxDir,
});

/**
 * The real app mailing through a fresh SMTP stand-in, its job runner started (mail goes out
 * as jobs); `outboxDir` keeps copies as files too.
 */
export async function buildMailingTestApp(overrides: Partial<AppConfig> = {}, outboxDir = '') {
  const smtp = await startSmtp();
  const t = await buildTestApp({ mail: mailVia(smtp, outboxDir), ...overrides });
  await t.app.services.jobs.start();
  return { smtp, t };
}

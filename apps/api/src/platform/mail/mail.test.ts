import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/connection';
import { simpleParser } from 'mailparser';
import { createTestDb } from '../../../test/test-db';
import { startSmtp } from '../../../test/smtp';
import { createJobs, type Jobs } from '../jobs/jobs';
import { createMail, escapeHtml, renderMail, type Mail } from './mail';

const publicUrl = 'https://tracker.example.org';
const quiet = { info() {}, warn() {}, error() {} };

/**
 * Runs `use` against the SMTP stand-in, wanting a login as a real relay does (`rejectFirst`:
 * refusals first), then closes it.
 */
async function withSmtp(
  opts: { rejectFirst?: number },
  use: (smtp: Awaited<ReturnType<typeof startSmtp>>) => Promise<void>,
) {
  const smtp = await startSmtp({ ...opts, login: { user: 'tracker', pass: 's3cret' } });
  try {
    await use(smtp);
  } finally {
    await smtp.close();
  }
}

let db: Db & { drop(): Promise<void> };
let jobs: Jobs | null = null;
let mail: Mail | null = null;
beforeAll(async () => {
  db = await createTestDb();
});
afterEach(async () => {
  mail?.close();
  await jobs?.stop();
  jobs = mail = null;
});
afterAll(async () => {
  await db.drop();
});

type Log = { info(o: object, m?: string): void; error(o: object, m?: string): void };

async function mailer(smtpUrl: string | null, outboxDir = os.tmpdir(), log: Log = quiet) {
  jobs = createJobs({ db, log: quiet, pollIntervalMs: 50 });
  mail = createMail({
    config: {
      publicUrl,
      mail: { smtpUrl, from: 'Series Tracker <no-reply@tracker.example.org>', outboxDir },
    },
    jobs,
    log,
    retry: { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false },
  });
  await jobs.start();
  return { jobs, mail };
}

async function settled(jobs: Jobs, id: string) {
  return vi.waitFor(
    async () => {
      const job = await jobs.get(id);
      if (job?.state !== 'completed' && job?.state !== 'failed') throw new Error(`${job?.state}`);
      return job;
    },
    { timeout: 20_000, interval: 50 },
  );
}

describe('mail templates', () => {
  it('escape the data in the HTML body and keep a path prefix of PUBLIC_URL in the link', () => {
    const content = renderMail(
      'email-verification',
      { username: '<b>Ann & "Bob"</b>', token: 'a b/c' },
      { publicUrl: 'https://example.org/tracker' },
    );
    expect(content.link).toBe('https://example.org/tracker/verify-email?token=a+b%2Fc');
    expect(content.html).toContain(escapeHtml('<b>Ann & "Bob"</b>'));
    expect(content.html).not.toContain('<b>Ann');
    expect(content.text).toContain('Hi <b>Ann & "Bob"</b>,');
  });
});

describe('mail', () => {
  it('sends a password reset through SMTP with a login; subject, sender, text and HTML carry the link', async () => {
    await withSmtp({}, async (smtp) => {
      const { jobs, mail } = await mailer(smtp.url);
      const id = await mail.send('password-reset', 'ann@example.org', {
        username: 'ann',
        token: 'tok_123',
        expiresInMinutes: 60,
      });
      expect(id).not.toBeNull();
      expect((await settled(jobs, id!)).state).toBe('completed');
      expect(smtp.received).toHaveLength(1);
      const message = smtp.received[0]!;
      const link = 'https://tracker.example.org/reset-password?token=tok_123';
      expect(message.subject).toBe('Reset your Series Tracker password');
      expect(message.from?.value).toEqual([
        { address: 'no-reply@tracker.example.org', name: 'Series Tracker' },
      ]);
      expect(message.to).toMatchObject({ value: [{ address: 'ann@example.org' }] });
      expect(message.text).toContain(link);
      expect(message.html).toContain(`href="${link}"`);
      expect(message.text).toContain('Series Tracker');
    });
  });

  it('retries when the SMTP server refuses, and the caller never sees the failure', async () => {
    await withSmtp({ rejectFirst: 1 }, async (smtp) => {
      const { jobs, mail } = await mailer(smtp.url);
      const id = await mail.send('email-verification', 'bob@example.org', {
        username: 'bob',
        token: 'verify_1',
      });
      expect(id).not.toBeNull();
      const job = await settled(jobs, id!);
      expect(job).toMatchObject({ state: 'completed', attempts: 2 });
      expect(smtp.rejections()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.subject).toBe('Confirm your e-mail address for Series Tracker');
    });
  });

  it('gives up after its retries against a server that always refuses, keeping the error', async () => {
    await withSmtp({ rejectFirst: 100 }, async (smtp) => {
      const { jobs, mail } = await mailer(smtp.url);
      const id = await mail.send('email-verification', 'cy@example.org', {
        username: 'cy',
        token: 'verify_2',
      });
      const job = await settled(jobs, id!);
      expect(job).toMatchObject({ state: 'failed', attempts: 3 });
      expect(job.error).toMatch(/Mailbox temporarily unavailable/);
      expect(smtp.received).toHaveLength(0);
    });
  });

  it('without SMTP_URL writes a parseable .eml to the outbox and logs its subject and link', async () => {
    const outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    try {
      const log = { info: vi.fn(), error: vi.fn() };
      const { jobs, mail } = await mailer(null, outbox, log);
      const id = await mail.send('email-verification', 'dee@example.org', {
        username: 'dee',
        token: 'verify_3',
      });
      const job = await settled(jobs, id!);
      expect(job.state).toBe('completed');
      const files = await fs.readdir(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const parsed = await simpleParser(await fs.readFile(path.join(outbox, files[0]!)));
      const link = 'https://tracker.example.org/verify-email?token=verify_3';
      expect(parsed.subject).toBe('Confirm your e-mail address for Series Tracker');
      expect(parsed.to).toMatchObject({ value: [{ address: 'dee@example.org' }] });
      expect(parsed.text).toContain(link);
      expect(parsed.html).toContain(link);
      expect(log.info).toHaveBeenCalledWith(
        expect.objectContaining({ subject: parsed.subject, link }),
        expect.any(String),
      );
    } finally {
      await fs.rm(outbox, { recursive: true, force: true });
    }
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { expect } from '@playwright/test';

const tmp = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp');

/** The dev outbox of this run's main server (playwright.config.ts: MAIL_OUTBOX_DIR). */
export const outboxDir = path.join(tmp, `e2e-${process.env.E2E_RUN_ID}-outbox`);

/** The catalogue-reach server (E2E_PORT + 1) writes its mail beside it, under `-reach`. */
export function outboxFor(origin: string): string {
  const reachPort = String(Number(process.env.E2E_PORT ?? 3100) + 1);
  return new URL(origin).port === reachPort ? `${outboxDir}-reach` : outboxDir;
}

export interface OutboxMail {
  file: string;
  subject: string;
  text: string;
  /** Every link of the text, in order. */
  links: URL[];
  /** The link holding a `?token=`, else the first link of the text (null when none). */
  link: URL | null;
}

/** Every mail to `to` whose subject starts with `subject`, oldest first (files are time-stamped). */
export async function mailsTo(to: string, subject: string, dir = outboxDir): Promise<OutboxMail[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((n) => n.endsWith('.eml'))
    .sort();
  const found: OutboxMail[] = [];
  for (const file of names) {
    const mail = await simpleParser(await fs.readFile(path.join(dir, file)));
    const address = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    if (address?.value[0]?.address?.toLowerCase() !== to.toLowerCase()) continue;
    if (!mail.subject?.startsWith(subject)) continue;
    const text = mail.text ?? '';
    const links = (text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((l) => new URL(l));
    const link = links.find((l) => l.searchParams.get('token')) ?? links[0] ?? null;
    found.push({ file, subject: mail.subject, text, links, link });
  }
  return found;
}

/**
 * The newest mail to `to` whose subject starts with `subject`, once the mail job has written it
 * (mails are sent by a background job, so this polls).
 */
export async function mailFromOutbox(
  to: string,
  subject: string,
  dir = outboxDir,
): Promise<OutboxMail> {
  let newest: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        newest = (await mailsTo(to, subject, dir)).at(-1);
        return newest !== undefined;
      },
      { timeout: 15_000, message: `a "${subject}" mail to ${to} in ${dir}` },
    )
    .toBe(true);
  return newest!;
}

/** The link (with its `?token=`) of the newest mail to `to` whose subject starts with `subject`. */
export async function linkFromOutbox(to: string, subject: string, dir = outboxDir): Promise<URL> {
  const { link } = await mailFromOutbox(to, subject, dir);
  expect(
    link?.searchParams.get('token'),
    `a link with a token in the "${subject}" mail`,
  ).toBeTruthy();
  return link!;
}

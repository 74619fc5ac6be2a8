import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../../config';
import type { JobOptions, Jobs } from '../jobs/jobs';
import { renderMail, type MailData, type MailTemplate } from './templates';
import type { Logger as FullLogger } from '../logger';

export * from './templates';

/** The job that delivers one message (payload: template, recipient, data). */
export const SEND_MAIL_JOB = 'mail.send';

type Logger = Pick<FullLogger, 'info' | 'error'>;

interface SendMailPayload {
  template: MailTemplate;
  to: string;
  data: unknown;
  /** The recipient's language (issue 31); absent in jobs queued before it: English. */
  locale?: string | null;
}

/** An address, or an address with its member's language (their setting), for the words. */
export type MailRecipient = string | { email: string; locale: string | null };

export interface Mail {
  /**
   * Queues `template` for `to`. Resolves to the job's id, or null when even queueing failed
   * (logged): a mail problem never fails the request that wanted the mail.
   */
  send<T extends MailTemplate>(
    template: T,
    to: MailRecipient,
    data: MailData<T>,
  ): Promise<string | null>;
  /** Releases the SMTP connection pool. */
  close(): void;
}

export interface CreateMailOptions {
  config: Pick<AppConfig, 'mail' | 'publicUrl'>;
  jobs: Jobs;
  log: Logger;
  /** Retry policy of `mail.send` (tests shorten it). */
  retry?: Pick<JobOptions, 'retryLimit' | 'retryDelaySeconds' | 'retryBackoff'>;
}

/**
 * E-mail through nodemailer (docs/decisions/051-mail.md): SMTP when SMTP_URL is set, else
 * each message is written as an .eml file to the outbox folder and its subject and link
 * logged. Sending is a `mail.send` job, so a slow or failing server is retried with backoff
 * after the request has long answered.
 */
export function createMail({ config, jobs, log, retry }: CreateMailOptions): Mail {
  const { smtpUrl, from, outboxDir } = config.mail;
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  jobs.define<SendMailPayload, { messageId: string; outboxFile?: string }>(
    SEND_MAIL_JOB,
    async ({ payload }) => {
      const content = renderMail(payload.template, payload.data as never, {
        publicUrl: config.publicUrl,
        locale: payload.locale,
      });
      const info = await transport.sendMail({
        from,
        to: payload.to,
        subject: content.subject,
        text: content.text,
        html: content.html,
        ...(content.headers ? { headers: content.headers } : {}),
      });
      if (smtpUrl) return { messageId: info.messageId };
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await fs.mkdir(outboxDir, { recursive: true });
      await fs.writeFile(file, info.message as Buffer);
      log.info(
        { to: payload.to, subject: content.subject, link: content.link, file },
        'mail written to the outbox (no SMTP_URL)',
      );
      return { messageId: info.messageId, outboxFile: path.basename(file) };
    },
    // A mail server that is down for a while: 1, 2, 4, 8, 16 minutes (with jitter).
    { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true, concurrency: 2, ...retry },
  );

  return {
    async send(template, recipient, data) {
      const to = typeof recipient === 'string' ? recipient : recipient.email;
      const locale = typeof recipient === 'string' ? null : (recipient.locale ?? null);
      try {
        return await jobs.enqueue(SEND_MAIL_JOB, { template, to, data, locale });
      } catch (err) {
        log.error({ err, template }, 'could not queue an e-mail');
        return null;
      }
    },
    close() {
      transport.close();
    },
  };
}

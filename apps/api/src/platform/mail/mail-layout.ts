import type { MailText } from './mail-intl';

/**
 * The frame every mail shares (issue 31 split it from templates.ts): the content's shape, the
 * site's links, the one-click unsubscribe, and the layout (greeting, paragraphs, a button with
 * the link, a footnote) in the recipient's words.
 */
export const productName = 'Series Tracker';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** The one thing the reader is asked to open (logged in outbox mode). */
  link: string;
  /** Extra message headers (List-Unsubscribe and List-Unsubscribe-Post on alert mails). */
  headers?: Record<string, string>;
}

export interface TemplateContext {
  /** The site's public address, e.g. https://tracker.example.org (a path prefix is kept). */
  publicUrl: string;
  /** The recipient's language (issue 31): their setting; none or unknown is English. */
  locale?: string | null;
}

/** What a template gets: the context and the recipient's words (mail-intl.ts). */
export interface Ctx extends TemplateContext {
  text: MailText;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A page of the site with query parameters, under PUBLIC_URL (keeping any path prefix). */
export function siteLink(
  ctx: TemplateContext,
  page: string,
  query: Record<string, string>,
): string {
  const base = ctx.publicUrl.endsWith('/') ? ctx.publicUrl : `${ctx.publicUrl}/`;
  const url = new URL(page.replace(/^\//, ''), base);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * One-click unsubscribe (RFC 8058) for mails a member opted into: the headers mail clients show
 * as "Unsubscribe" (a POST to the API), and the footer's link to the site's confirmation page.
 */
export function unsubscribe(ctx: TemplateContext, token: string) {
  return {
    page: siteLink(ctx, '/unsubscribe', { token }),
    headers: {
      'List-Unsubscribe': `<${siteLink(ctx, '/api/alerts/unsubscribe', { token })}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export interface AlertEpisodeData {
  episodeId: number;
  showTitle: string;
  code: string | null;
  title: string | null;
  time: string | null;
}

export const episodeLine = (e: AlertEpisodeData, text: MailText) =>
  [e.time ?? text.t('mail.allDay'), '·', e.showTitle, e.code ?? '', e.title ? `“${e.title}”` : '']
    .filter(Boolean)
    .join(' ');

/** One layout for every message: greeting, paragraphs, a button with the link, a footnote. */
export function compose(
  ctx: Ctx,
  parts: {
    subject: string;
    username: string;
    paragraphs: string[];
    action: string;
    link: string;
    footnote: string;
  },
): MailContent {
  const { t, locale } = ctx.text;
  const greeting = t('mail.greeting', { username: parts.username });
  const text = [
    greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    t('mail.actionLine', { action: parts.action, link: parts.link }),
    '',
    parts.footnote,
    '',
    `— ${productName}`,
    '',
  ].join('\n');
  const href = escapeHtml(parts.link);
  const dir = locale === 'ar' ? ' dir="rtl"' : '';
  const html = `<!doctype html>
<html lang="${locale}"${dir}>
<head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5">
<p>${escapeHtml(greeting)}</p>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #4f46e5; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(parts.action)}</a></p>
<p style="font-size: 13px; color: #4b5563">${escapeHtml(t('mail.buttonFallback'))} <a href="${href}">${href}</a></p>
<p style="font-size: 13px; color: #4b5563">${escapeHtml(parts.footnote)}</p>
<p>— ${escapeHtml(productName)}</p>
</body>
</html>
`;
  return { subject: parts.subject, text, html, link: parts.link };
}

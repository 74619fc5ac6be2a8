/**
 * Every e-mail the site sends, as typed functions of their data. Each gives a subject, a text
 * body and an HTML body carrying the same link, built from PUBLIC_URL. Data is HTML-escaped
 * in the HTML body.
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
function unsubscribe(ctx: TemplateContext, token: string) {
  return {
    page: siteLink(ctx, '/unsubscribe', { token }),
    headers: {
      'List-Unsubscribe': `<${siteLink(ctx, '/api/alerts/unsubscribe', { token })}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

interface AlertEpisodeData {
  episodeId: number;
  showTitle: string;
  code: string | null;
  title: string | null;
  time: string | null;
}

const episodeLine = (e: AlertEpisodeData) =>
  [e.time ?? 'All day', '·', e.showTitle, e.code ?? '', e.title ? `“${e.title}”` : '']
    .filter(Boolean)
    .join(' ');

/** One layout for every message: greeting, paragraphs, a button with the link, a footnote. */
function compose(parts: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: string;
  link: string;
  footnote: string;
}): MailContent {
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    `${parts.action}: ${parts.link}`,
    '',
    parts.footnote,
    '',
    `— ${productName}`,
    '',
  ].join('\n');
  const href = escapeHtml(parts.link);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5">
<p>${escapeHtml(parts.greeting)}</p>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #4f46e5; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(parts.action)}</a></p>
<p style="font-size: 13px; color: #4b5563">If the button does not work, open this address: <a href="${href}">${href}</a></p>
<p style="font-size: 13px; color: #4b5563">${escapeHtml(parts.footnote)}</p>
<p>— ${escapeHtml(productName)}</p>
</body>
</html>
`;
  return { subject: parts.subject, text, html, link: parts.link };
}

export const mailTemplates = {
  /** POST /auth/forgot-password: a link to /reset-password with a one-time token. */
  'password-reset': (
    data: { username: string; token: string; expiresInMinutes: number },
    ctx: TemplateContext,
  ): MailContent =>
    compose({
      subject: `Reset your ${productName} password`,
      greeting: `Hi ${data.username},`,
      paragraphs: [
        `Someone asked to reset the password of your ${productName} account. If it was you, choose a new password with the link below; it works once, within ${data.expiresInMinutes} minutes.`,
      ],
      action: 'Choose a new password',
      link: siteLink(ctx, '/reset-password', { token: data.token }),
      footnote: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    }),

  /**
   * Registering with a new address (ADR 152): the link that creates the account and signs in.
   * Nothing exists until it is opened, so the footnote can say so.
   */
  'registration-confirm': (
    data: { username: string; token: string; hours: number },
    ctx: TemplateContext,
  ): MailContent =>
    compose({
      subject: `Finish creating your ${productName} account`,
      greeting: `Hi ${data.username},`,
      paragraphs: [
        `Someone — we hope you — asked to create a ${productName} account with this address and the username ${data.username}. Open the link below to finish: your account is created and you are signed in. It works once, within ${data.hours} hours.`,
      ],
      action: 'Finish creating my account',
      link: siteLink(ctx, '/finish-registration', { token: data.token }),
      footnote:
        'If you did not ask for this, ignore this e-mail: no account is made without the link.',
    }),
  /**
   * Registering with an address that already has an account (ADR 152): the registration is
   * answered like any other, and only the owner learns, here, that the address is theirs.
   */
  'registration-exists': (data: { username: string }, ctx: TemplateContext): MailContent =>
    compose({
      subject: `You already have a ${productName} account`,
      greeting: `Hi ${data.username},`,
      paragraphs: [
        `Someone — perhaps you — just tried to create a new ${productName} account with this address. It already belongs to your account, username ${data.username}, so no new account was made.`,
        `Forgot your password? Choose a new one here: ${siteLink(ctx, '/forgot-password', {})}`,
      ],
      action: 'Sign in',
      link: siteLink(ctx, '/login', {}),
      footnote: 'If it was not you, nothing has changed: you can ignore this e-mail.',
    }),
  /** After changing address (and for accounts made before ADR 152): a link to /verify-email. */
  'email-verification': (
    data: { username: string; token: string },
    ctx: TemplateContext,
  ): MailContent =>
    compose({
      subject: `Confirm your e-mail address for ${productName}`,
      greeting: `Hi ${data.username},`,
      paragraphs: [
        `Please confirm that this is the address of your ${productName} account, so we can reach you if you ever need to reset your password.`,
      ],
      action: 'Confirm my address',
      link: siteLink(ctx, '/verify-email', { token: data.token }),
      footnote: 'If you did not create an account, ignore this e-mail.',
    }),
  /**
   * After an e-mail change, to the old address (ADR 150): a change made from a stolen session
   * does not go unnoticed, and the link undoes it for 7 days. The new address is masked.
   */
  'email-changed': (
    data: { username: string; token: string; newEmailHint: string; days: number },
    ctx: TemplateContext,
  ): MailContent =>
    compose({
      subject: `Your ${productName} e-mail address was changed`,
      greeting: `Hi ${data.username},`,
      paragraphs: [
        `The e-mail address of your ${productName} account was just changed from this address to ${data.newEmailHint}.`,
        `If you did not do this, undo the change with the link below within ${data.days} days: your account goes back to this address and every session is signed out.`,
      ],
      action: 'Undo the change',
      link: siteLink(ctx, '/undo-email-change', { token: data.token }),
      footnote: 'If it was you, there is nothing more to do.',
    }),
  /**
   * After a password change or reset (account feature): tells the owner, so a change they did
   * not make does not go unnoticed; the link starts a reset.
   */
  'password-changed': (data: { username: string }, ctx: TemplateContext): MailContent =>
    compose({
      subject: `Your ${productName} password was changed`,
      greeting: `Hi ${data.username},`,
      paragraphs: [
        `The password of your ${productName} account was just changed, and every other session was signed out.`,
        'If you did not do this, choose a new password now with the link below.',
      ],
      action: 'Reset my password',
      link: siteLink(ctx, '/forgot-password', {}),
      footnote: 'If it was you, there is nothing more to do.',
    }),

  // imports: a long import finished (features/imports).
  'import-finished': (
    data: {
      username: string;
      source: string;
      importId: string;
      shows: number;
      episodes: number;
      unmatched: number;
    },
    ctx: TemplateContext,
  ): MailContent =>
    compose({
      subject: `Your ${productName} import is done`,
      greeting: `Hi ${data.username},`,
      paragraphs: [
        `Your import of a ${data.source} has finished: ${data.shows} shows and ${data.episodes} newly watched episodes.`,
        data.unmatched
          ? `${data.unmatched} rows could not be placed; the report lists each one, and you can fix them by picking the right show.`
          : 'Every row found its show.',
      ],
      action: 'Open the report',
      link: siteLink(ctx, '/settings/import', { import: data.importId }),
      footnote: 'You receive this because you imported a file into your account.',
    }),

  // New-episode alerts (features/calendar, ADR 160): opted into in settings; one-click unsubscribe.
  'episode-aired': (
    data: { username: string; unsubscribeToken: string; episode: AlertEpisodeData },
    ctx: TemplateContext,
  ): MailContent => {
    const off = unsubscribe(ctx, data.unsubscribeToken);
    const e = data.episode;
    return {
      ...compose({
        subject: `New episode: ${e.showTitle}${e.code ? ` ${e.code}` : ''}`,
        greeting: `Hi ${data.username},`,
        paragraphs: [`A new episode of a show you are watching is out: ${episodeLine(e)}.`],
        action: 'Open the episode',
        link: siteLink(ctx, `/episode/${e.episodeId}`, {}),
        footnote: `You receive this because you asked for an e-mail for each new episode. Unsubscribe: ${off.page}`,
      }),
      headers: off.headers,
    };
  },
  'episode-digest': (
    data: {
      username: string;
      unsubscribeToken: string;
      date: string;
      episodes: AlertEpisodeData[];
    },
    ctx: TemplateContext,
  ): MailContent => {
    const off = unsubscribe(ctx, data.unsubscribeToken);
    const n = data.episodes.length;
    return {
      ...compose({
        subject: `Today on your shows: ${n} episode${n === 1 ? '' : 's'} (${data.date})`,
        greeting: `Hi ${data.username},`,
        paragraphs: [
          `Airing today, ${data.date}, on shows you are watching (times in your time zone):`,
          ...data.episodes.map(episodeLine),
        ],
        action: 'Open your calendar',
        link: siteLink(ctx, '/calendar', {}),
        footnote: `You receive this because you asked for a daily digest of new episodes. Unsubscribe: ${off.page}`,
      }),
      headers: off.headers,
    };
  },
  /**
   * Moderation (ADR 151): a moderator acted on something a member wrote, or on their account.
   * Says what happened, why, and where to read more; `what` is e.g. "your comment on …".
   */
  'moderation-notice': (
    data: {
      username: string;
      action: 'hide' | 'remove' | 'spoiler' | 'suspend' | 'unsuspend';
      what: string;
      reason: string;
      /** Suspensions: the end date (ISO), or null for good. */
      until?: string | null;
      /** Suspensions with their content hidden: how many things. */
      hiddenCount?: number;
      /** The page to open (the item, or the home page). */
      page: string;
    },
    ctx: TemplateContext,
  ): MailContent => {
    const until = data.until
      ? `until ${new Date(data.until).toUTCString().replace(/:\d\d GMT$/, ' UTC')}`
      : 'with no end date';
    const lines: Record<typeof data.action, [string, string]> = {
      hide: [
        'A moderator hid something you wrote',
        `A moderator hid ${data.what}. Other members no longer see it; you still do, with a notice.`,
      ],
      remove: [
        'A moderator removed something you wrote',
        `A moderator removed ${data.what}. Nobody sees it any more.`,
      ],
      spoiler: [
        'A moderator marked your review as a spoiler',
        `A moderator marked ${data.what} as containing spoilers, so it is blurred until a reader opens it.`,
      ],
      suspend: [
        `Your ${productName} account is suspended`,
        `A moderator suspended your account ${until}. You can still sign in and read, but not post, like, comment, follow or change anything.${data.hiddenCount ? ` ${data.hiddenCount} public things you wrote are hidden from others.` : ''}`,
      ],
      unsuspend: [
        `Your ${productName} account is no longer suspended`,
        'A moderator lifted the suspension of your account: you can post and change things again.',
      ],
    };
    const [subject, first] = lines[data.action];
    return compose({
      subject,
      greeting: `Hi ${data.username},`,
      paragraphs: [first, `The moderator's reason: ${data.reason}`],
      action: 'Open the site',
      link: siteLink(ctx, data.page, {}),
      footnote: 'You receive this because a moderator acted on your account or what you wrote.',
    });
  },
};

export type MailTemplate = keyof typeof mailTemplates;
export type MailData<T extends MailTemplate> = Parameters<(typeof mailTemplates)[T]>[0];

export function renderMail<T extends MailTemplate>(
  template: T,
  data: MailData<T>,
  ctx: TemplateContext,
): MailContent {
  const render = mailTemplates[template] as (d: MailData<T>, c: TemplateContext) => MailContent;
  return render(data, ctx);
}

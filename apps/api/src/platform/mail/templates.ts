import { mailText, type MailText } from './mail-intl';
import {
  compose,
  episodeLine,
  siteLink,
  unsubscribe,
  type AlertEpisodeData,
  type Ctx,
  type MailContent,
  type TemplateContext,
} from './mail-layout';

export {
  escapeHtml,
  productName,
  siteLink,
  type MailContent,
  type TemplateContext,
} from './mail-layout';

/**
 * Every e-mail the site sends, as typed functions of their data. Each gives a subject, a text
 * body and an HTML body carrying the same link, built from PUBLIC_URL. Data is HTML-escaped
 * in the HTML body. The words are in the recipient's language (mail-messages.ts, locales/).
 */

/** What a moderator acted on, for the author's mail (the moderation feature describes it). */
export type ModeratedThing =
  | { kind: 'review'; title: string; show: string }
  | { kind: 'episode-review'; episode: string }
  | { kind: 'comment'; author: string; show: string }
  | { kind: 'list'; name: string }
  | { kind: 'account' };

function describeThing(thing: ModeratedThing, { t }: MailText): string {
  switch (thing.kind) {
    case 'review':
      return t('mail.moderation.whatReview', { title: thing.title, show: thing.show });
    case 'episode-review':
      return t('mail.moderation.whatEpisodeReview', { episode: thing.episode });
    case 'comment':
      return t('mail.moderation.whatComment', { author: thing.author, show: thing.show });
    case 'list':
      return t('mail.moderation.whatList', { name: thing.name });
    case 'account':
      return t('mail.moderation.whatAccount');
  }
}

export const mailTemplates = {
  /** POST /auth/forgot-password: a link to /reset-password with a one-time token. */
  'password-reset': (
    data: { username: string; token: string; expiresInMinutes: number },
    ctx: Ctx,
  ): MailContent =>
    compose(ctx, {
      subject: ctx.text.t('mail.passwordReset.subject'),
      username: data.username,
      paragraphs: [ctx.text.t('mail.passwordReset.body', { minutes: data.expiresInMinutes })],
      action: ctx.text.t('mail.passwordReset.action'),
      link: siteLink(ctx, '/reset-password', { token: data.token }),
      footnote: ctx.text.t('mail.passwordReset.footnote'),
    }),

  /**
   * Registering with a new address (ADR 152): the link that creates the account and signs in.
   * Nothing exists until it is opened, so the footnote can say so.
   */
  'registration-confirm': (
    data: { username: string; token: string; hours: number },
    ctx: Ctx,
  ): MailContent =>
    compose(ctx, {
      subject: ctx.text.t('mail.registrationConfirm.subject'),
      username: data.username,
      paragraphs: [
        ctx.text.t('mail.registrationConfirm.body', { username: data.username, hours: data.hours }),
      ],
      action: ctx.text.t('mail.registrationConfirm.action'),
      link: siteLink(ctx, '/finish-registration', { token: data.token }),
      footnote: ctx.text.t('mail.registrationConfirm.footnote'),
    }),
  /**
   * Registering with an address that already has an account (ADR 152): the registration is
   * answered like any other, and only the owner learns, here, that the address is theirs.
   */
  'registration-exists': (data: { username: string }, ctx: Ctx): MailContent =>
    compose(ctx, {
      subject: ctx.text.t('mail.registrationExists.subject'),
      username: data.username,
      paragraphs: [
        ctx.text.t('mail.registrationExists.body', { username: data.username }),
        ctx.text.t('mail.forgotPassword', { link: siteLink(ctx, '/forgot-password', {}) }),
      ],
      action: ctx.text.t('mail.signIn'),
      link: siteLink(ctx, '/login', {}),
      footnote: ctx.text.t('mail.registrationExists.footnote'),
    }),
  /**
   * An e-mail change to an address without an account (ADR 152): the link that switches the
   * account to this address. Nothing changes without it, so the footnote can say so.
   */
  'email-change-confirm': (
    data: { username: string; token: string; hours: number },
    ctx: Ctx,
  ): MailContent =>
    compose(ctx, {
      subject: ctx.text.t('mail.emailChangeConfirm.subject'),
      username: data.username,
      paragraphs: [
        ctx.text.t('mail.emailChangeConfirm.body', { username: data.username, hours: data.hours }),
      ],
      action: ctx.text.t('mail.emailChangeConfirm.action'),
      link: siteLink(ctx, '/verify-email', { token: data.token }),
      footnote: ctx.text.t('mail.emailChangeConfirm.footnote'),
    }),
  /**
   * An e-mail change to an address that already has an account (ADR 152): the member asking
   * is answered as for any address, and only the owner learns of it, here. Nothing about the
   * other account is named.
   */
  'email-change-taken': (data: { username: string }, ctx: Ctx): MailContent =>
    compose(ctx, {
      subject: ctx.text.t('mail.emailChangeTaken.subject'),
      username: data.username,
      paragraphs: [
        ctx.text.t('mail.emailChangeTaken.body', { username: data.username }),
        ctx.text.t('mail.forgotPassword', { link: siteLink(ctx, '/forgot-password', {}) }),
      ],
      action: ctx.text.t('mail.signIn'),
      link: siteLink(ctx, '/login', {}),
      footnote: ctx.text.t('mail.emailChangeTaken.footnote'),
    }),
  /** For accounts made before ADR 152 that never confirmed their address: a link to /verify-email. */
  'email-verification': (data: { username: string; token: string }, ctx: Ctx): MailContent =>
    compose(ctx, {
      subject: ctx.text.t('mail.emailVerification.subject'),
      username: data.username,
      paragraphs: [ctx.text.t('mail.emailVerification.body')],
      action: ctx.text.t('mail.emailVerification.action'),
      link: siteLink(ctx, '/verify-email', { token: data.token }),
      footnote: ctx.text.t('mail.emailVerification.footnote'),
    }),
  /**
   * After an e-mail change, to the old address (ADR 150): a change made from a stolen session
   * does not go unnoticed, and the link undoes it for 7 days. The new address is masked.
   */
  'email-changed': (
    data: { username: string; token: string; newEmailHint: string; days: number },
    ctx: Ctx,
  ): MailContent =>
    compose(ctx, {
      subject: ctx.text.t('mail.emailChanged.subject'),
      username: data.username,
      paragraphs: [
        ctx.text.t('mail.emailChanged.body', { hint: data.newEmailHint }),
        ctx.text.t('mail.emailChanged.undo', { days: data.days }),
      ],
      action: ctx.text.t('mail.emailChanged.action'),
      link: siteLink(ctx, '/undo-email-change', { token: data.token }),
      footnote: ctx.text.t('mail.nothingMore'),
    }),
  /**
   * After a password change or reset (account feature): tells the owner, so a change they did
   * not make does not go unnoticed; the link starts a reset.
   */
  'password-changed': (data: { username: string }, ctx: Ctx): MailContent =>
    compose(ctx, {
      subject: ctx.text.t('mail.passwordChanged.subject'),
      username: data.username,
      paragraphs: [
        ctx.text.t('mail.passwordChanged.body'),
        ctx.text.t('mail.passwordChanged.ifNotYou'),
      ],
      action: ctx.text.t('mail.passwordChanged.action'),
      link: siteLink(ctx, '/forgot-password', {}),
      footnote: ctx.text.t('mail.nothingMore'),
    }),

  // imports: a long import finished (features/imports).
  'import-finished': (
    data: {
      username: string;
      /** The source's label (contracts' importSourceLabels), or null for a file. */
      source: string | null;
      importId: string;
      shows: number;
      episodes: number;
      unmatched: number;
    },
    ctx: Ctx,
  ): MailContent =>
    compose(ctx, {
      subject: ctx.text.t('mail.importFinished.subject'),
      username: data.username,
      paragraphs: [
        ctx.text.t('mail.importFinished.body', {
          source: data.source
            ? ctx.text.label(data.source)
            : ctx.text.t('mail.importFinished.file'),
          shows: data.shows,
          episodes: data.episodes,
        }),
        data.unmatched
          ? ctx.text.t('mail.importFinished.unmatched', { unmatched: data.unmatched })
          : ctx.text.t('mail.importFinished.allMatched'),
      ],
      action: ctx.text.t('mail.importFinished.action'),
      link: siteLink(ctx, '/settings/import', { import: data.importId }),
      footnote: ctx.text.t('mail.importFinished.footnote'),
    }),

  // New-episode alerts (features/calendar, ADR 160): opted into in settings; one-click unsubscribe.
  'episode-aired': (
    data: { username: string; unsubscribeToken: string; episode: AlertEpisodeData },
    ctx: Ctx,
  ): MailContent => {
    const off = unsubscribe(ctx, data.unsubscribeToken);
    const e = data.episode;
    return {
      ...compose(ctx, {
        subject: ctx.text.t('mail.episodeAired.subject', {
          episode: e.code ? `${e.showTitle} ${e.code}` : e.showTitle,
        }),
        username: data.username,
        paragraphs: [ctx.text.t('mail.episodeAired.body', { line: episodeLine(e, ctx.text) })],
        action: ctx.text.t('mail.episodeAired.action'),
        link: siteLink(ctx, `/episode/${e.episodeId}`, {}),
        footnote: ctx.text.t('mail.episodeAired.footnote', { link: off.page }),
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
    ctx: Ctx,
  ): MailContent => {
    const off = unsubscribe(ctx, data.unsubscribeToken);
    const date = ctx.text.day(data.date);
    return {
      ...compose(ctx, {
        subject: ctx.text.t('mail.episodeDigest.subject', { count: data.episodes.length, date }),
        username: data.username,
        paragraphs: [
          ctx.text.t('mail.episodeDigest.intro', { date }),
          ...data.episodes.map((e) => episodeLine(e, ctx.text)),
        ],
        action: ctx.text.t('mail.episodeDigest.action'),
        link: siteLink(ctx, '/calendar', {}),
        footnote: ctx.text.t('mail.episodeDigest.footnote', { link: off.page }),
      }),
      headers: off.headers,
    };
  },
  /**
   * Moderation (ADR 151): a moderator acted on something a member wrote, or on their account.
   * Says what happened, why, and where to read more.
   */
  'moderation-notice': (
    data: {
      username: string;
      action: 'hide' | 'remove' | 'spoiler' | 'suspend' | 'unsuspend';
      what: ModeratedThing;
      reason: string;
      /** Suspensions: the end date (ISO), or null for good. */
      until?: string | null;
      /** Suspensions with their content hidden: how many things. */
      hiddenCount?: number;
      /** The page to open (the item, or the home page). */
      page: string;
    },
    ctx: Ctx,
  ): MailContent => {
    const { t } = ctx.text;
    const what = describeThing(data.what, ctx.text);
    const suspended = [
      data.until
        ? t('mail.moderation.suspend.until', { until: ctx.text.moment(data.until) })
        : t('mail.moderation.suspend.forever'),
      data.hiddenCount ? t('mail.moderation.suspend.hidden', { count: data.hiddenCount }) : '',
    ]
      .filter(Boolean)
      .join(' ');
    const lines: Record<typeof data.action, [string, string]> = {
      hide: [t('mail.moderation.hide.subject'), t('mail.moderation.hide.body', { what })],
      remove: [t('mail.moderation.remove.subject'), t('mail.moderation.remove.body', { what })],
      spoiler: [t('mail.moderation.spoiler.subject'), t('mail.moderation.spoiler.body', { what })],
      suspend: [t('mail.moderation.suspend.subject'), suspended],
      unsuspend: [t('mail.moderation.unsuspend.subject'), t('mail.moderation.unsuspend.body')],
    };
    const [subject, first] = lines[data.action];
    return compose(ctx, {
      subject,
      username: data.username,
      paragraphs: [first, t('mail.moderation.reason', { reason: data.reason })],
      action: t('mail.moderation.action'),
      link: siteLink(ctx, data.page, {}),
      footnote: t('mail.moderation.footnote'),
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
  const render = mailTemplates[template] as (d: MailData<T>, c: Ctx) => MailContent;
  return render(data, { ...ctx, text: mailText(ctx.locale) });
}

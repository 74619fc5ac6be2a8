import { randomBytes } from 'node:crypto';
import {
  errorCodes,
  integrationMessages,
  mediaServers,
  playInstant,
  scrobbleEventsKept,
  type MediaServer,
  type ScrobbleEvent,
  type ScrobbleOutcome,
  type ScrobbleResult,
  type ScrobbleSettings,
} from '@series-tracker/contracts';
import { AppError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { assertMayWrite } from '../../platform/access';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { ScrobblePlays } from '../tracking/scrobble-play';
import { PayloadError, parsers, type ScrobbleReport } from './payloads';
import type { ScrobbleRepository } from './scrobble.repository';
import { msg } from '../../lib/i18n/text';

/** A server's own date is trusted within this past (a queued delivery); else "now". */
const TRUST_PAST_MS = 30 * 86_400_000;

const newSecret = () => randomBytes(24).toString('base64url');
const pathFor = (secret: string, server: MediaServer) => `/api/scrobble/${secret}/${server}`;

/** The stored outcome of an event: what the log shows the member. */
interface Outcome {
  outcome: ScrobbleOutcome;
  detail: string;
  showId?: number;
  episodeId?: number;
}

const se = (r: ScrobbleReport) => `S${r.season ?? '?'}E${r.episode ?? '?'}`;

/** Strips a year suffix media servers add to tell remakes apart: "Doctor Who (2005)". */
function titleAndYear(title: string, year: number | null): [string, number | null] {
  const m = /^(.*\S)\s*\((\d{4})\)$/.exec(title);
  return m ? [m[1]!, year ?? Number(m[2])] : [title, year];
}

/**
 * Media-server scrobbling (issue 22, ADR 161): one secret webhook URL per member, a payload
 * parser per server (payloads.ts), the show by its ids, else by title (+ year), the episode
 * by season and number, then tracking's write rule for a scrobbled play (scrobble-play.ts).
 * Every event with a valid secret is logged with its outcome for the settings page.
 */
export function createScrobbleService(opts: {
  repo: ScrobbleRepository;
  plays: ScrobblePlays;
  uow: UnitOfWork;
}) {
  const { repo, plays } = opts;

  async function ensureHook(userId: number) {
    const hook = await repo.hookOf(userId);
    if (hook) return hook;
    await repo.saveHook(userId, newSecret(), nowIso());
    return (await repo.hookOf(userId))!;
  }

  async function settings(userId: number): Promise<ScrobbleSettings> {
    const hook = await ensureHook(userId);
    const rows = await repo.events(userId, scrobbleEventsKept);
    const events: ScrobbleEvent[] = rows.map((r) => ({
      id: r.id,
      source: r.source as MediaServer,
      event: r.event,
      receivedAt: r.received_at,
      outcome: r.outcome as ScrobbleOutcome,
      detail: r.detail,
      title: r.title,
      seasonNumber: r.season_number === null ? null : Number(r.season_number),
      episodeNumber: r.episode_number === null ? null : Number(r.episode_number),
      show: r.show_id !== null && r.show_title ? { id: r.show_id, title: r.show_title } : null,
      episodeId: r.episode_id,
    }));
    const paths = Object.fromEntries(
      mediaServers.map((s) => [s, pathFor(hook.secret, s)]),
    ) as ScrobbleSettings['paths'];
    return { paths, createdAt: hook.created_at, events };
  }

  async function findShow(userId: number, r: ScrobbleReport) {
    const byIds = await repo.showByIds(r.showIds);
    if (byIds) return byIds;
    if (!r.title) return null;
    const [title, year] = titleAndYear(r.title, r.year);
    const candidates = await repo.showsByTitle(title, userId);
    if (!candidates.length) return null;
    const yearOf = (d: string | null) => (d ? Number(d.slice(0, 4)) : null);
    // The member's own show first, then one of the right year, then the most popular.
    const score = (c: (typeof candidates)[number]) =>
      (Number(c.tracked) ? 4 : 0) + (year !== null && yearOf(c.first_air_date) === year ? 2 : 0);
    candidates.sort((a, b) => score(b) - score(a) || Number(b.popularity) - Number(a.popularity));
    return candidates[0]!;
  }

  function watchedAt(at: string | null): string {
    const now = Date.now();
    const parsed = at ? playInstant(at, now) : null;
    return parsed && Date.parse(parsed) >= now - TRUST_PAST_MS
      ? parsed
      : new Date(now).toISOString();
  }

  async function handle(userId: number, server: MediaServer, r: ScrobbleReport): Promise<Outcome> {
    if (r.ignored) return { outcome: 'ignored', detail: r.ignored };
    const show = await findShow(userId, r);
    if (!show)
      return {
        outcome: 'unmatched',
        detail: r.title
          ? `No show in the catalogue matches “${r.title}”`
          : 'The event names no show (no title and no known ids)',
      };
    if (r.season === null || r.episode === null)
      return {
        outcome: 'unmatched',
        detail: `The event gives no season and episode number for ${show.title}`,
        showId: show.id,
      };
    const episode = await repo.episode(show.id, r.season, r.episode);
    if (!episode)
      return {
        outcome: 'unmatched',
        detail: `${show.title} has no ${se(r)} in the catalogue`,
        showId: show.id,
      };
    const result = await plays.record({
      userId,
      showId: show.id,
      episodeId: episode.id,
      watchedAt: watchedAt(r.at),
      source: server,
    });
    return result.added
      ? {
          outcome: 'marked',
          detail: `${show.title} ${se(r)} recorded as watched`,
          showId: show.id,
          episodeId: episode.id,
        }
      : {
          outcome: 'duplicate',
          detail: `${show.title} ${se(r)} was already recorded for this watch`,
          showId: show.id,
          episodeId: episode.id,
        };
  }

  return {
    settings,

    /** A new secret: every URL changes and the old ones answer 404. */
    async rotate(userId: number): Promise<ScrobbleSettings> {
      await repo.saveHook(userId, newSecret(), nowIso());
      return settings(userId);
    },

    async receive(secret: string, server: MediaServer, body: unknown): Promise<ScrobbleResult> {
      const hook = secret.length <= 100 ? await repo.hookBySecret(secret) : undefined;
      if (!hook) throw notFound(integrationMessages.hookNotFound);
      const userId = hook.user_id;
      let report: ScrobbleReport;
      try {
        report = parsers[server](body);
      } catch (err) {
        if (!(err instanceof PayloadError)) throw err;
        const detail = `${integrationMessages.payloadInvalid}: ${err.message}`;
        await opts.uow.run((trx) =>
          repo.addEvent(trx, {
            user_id: userId,
            source: server,
            event: 'unknown',
            received_at: nowIso(),
            outcome: 'invalid',
            detail,
            title: null,
            season_number: null,
            episode_number: null,
            show_id: null,
            episode_id: null,
          }),
        );
        throw new AppError(
          400,
          errorCodes.validation,
          msg('integrations.payloadInvalidDetail', { detail: err.message }),
        );
      }
      const log = (out: Outcome) =>
        opts.uow.run((trx) =>
          repo.addEvent(trx, {
            user_id: userId,
            source: server,
            event: report.event.slice(0, 60),
            received_at: nowIso(),
            outcome: out.outcome,
            detail: out.detail,
            title: report.title,
            season_number: report.season,
            episode_number: report.episode,
            show_id: out.showId ?? null,
            episode_id: out.episodeId ?? null,
          }),
        );
      // The one decision "may this member write?" (platform/access.ts), as on every way in.
      try {
        assertMayWrite(hook);
      } catch (err) {
        if (err instanceof AppError) await log({ outcome: 'refused', detail: err.message });
        throw err;
      }
      const out = await handle(userId, server, report);
      await log(out);
      return { outcome: out.outcome, detail: out.detail };
    },
  };
}

export type ScrobbleService = ReturnType<typeof createScrobbleService>;

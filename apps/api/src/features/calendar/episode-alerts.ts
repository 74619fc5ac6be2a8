import { alertStatuses, type EpisodeAlertMode } from '@series-tracker/contracts';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Mail } from '../../platform/mail/mail';
import { airingIn, hourIn, shiftDate, todayIn } from './air-time';
import type { AlertCandidateRow, EpisodeAlertsRepository } from './episode-alerts.repository';
import { episodeCode } from './calendar.service';
import type { SpoilerCheck, SpoilersService } from '../spoilers/spoilers.service';

export const EPISODE_ALERTS_JOB = 'alerts.new-episodes';

/** An episode that aired is news for this long (a server down for a day still catches up). */
const FRESH_MS = 36 * 3_600_000;

export interface AlertEpisode {
  episodeId: number;
  showId: number;
  showTitle: string;
  code: string | null;
  title: string | null;
  /** Local 'HH:mm' in the member's zone, or null (time unknown). */
  time: string | null;
}

export interface EpisodeAlertsOptions {
  repo: EpisodeAlertsRepository;
  jobs: Jobs;
  mail: Mail;
  digestHour: number;
  checkSeconds: number;
  /** Spoiler protection (ADR 181): a mail never carries the title of an episode it would spoil. */
  spoilers?: Pick<SpoilersService, 'checker'>;
  /** The bell: a notification per member and aired episode (deduplicated by the callee). */
  notifyAired(
    items: { userId: number; showId: number; episodeId: number; at: string }[],
  ): Promise<void>;
}

/**
 * New-episode alerts (ADR 160), a scheduled job claimed by one server per interval. Each run:
 * episodes of shows members are watching that aired in the last 36 hours ring the bell; members
 * with "each" get one mail per episode; members with "digest" get, once their local day has
 * reached `digestHour`, one mail with that day's episodes. Every mailed (member, episode) is
 * claimed in `episode_alerts` first, so two servers running it at once still mail it once.
 */
export function createEpisodeAlerts(options: EpisodeAlertsOptions) {
  const { repo, mail } = options;

  async function run(now: Date = new Date()) {
    const nowIso = now.toISOString();
    const todayUtc = nowIso.slice(0, 10);
    const rows = await repo.candidates(
      alertStatuses,
      shiftDate(todayUtc, -3),
      shiftDate(todayUtc, 2),
    );
    const byUser = new Map<number, AlertCandidateRow[]>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);

    const bell: Parameters<EpisodeAlertsOptions['notifyAired']>[0] = [];
    let mails = 0;
    for (const [userId, list] of byUser) {
      const first = list[0]!;
      const zone = first.time_zone ?? 'UTC';
      const mode = (first.episode_alerts ?? 'none') as EpisodeAlertMode;
      const today = todayIn(zone, now);
      const aired: { row: AlertCandidateRow; at: string; time: string | null }[] = [];
      const tonight: { row: AlertCandidateRow; at: string; time: string | null }[] = [];
      for (const row of list) {
        const airing = airingIn(row, zone);
        if (!airing) continue;
        // An all-day episode "airs" at the start of its day for the member.
        const at = airing.instant ?? `${airing.date}T00:00:00.000Z`;
        const atMs = Date.parse(at);
        if (airing.date === today) tonight.push({ row, at, time: airing.time });
        if (atMs <= now.getTime() && atMs > now.getTime() - FRESH_MS && at >= row.tracked_since)
          aired.push({ row, at, time: airing.time });
      }
      for (const a of aired)
        bell.push({ userId, showId: a.row.show_id, episodeId: a.row.episode_id, at: a.at });

      const from = first.alerts_from;
      const token = first.unsubscribe_token;
      const mailing = (mode === 'each' || mode === 'digest') && from && token;
      const spoiler: SpoilerCheck =
        mailing && options.spoilers
          ? await options.spoilers.checker(
              userId,
              list.map((r) => r.show_id),
            )
          : () => false;
      if (mode === 'each' && from && token) {
        const due = aired.filter((a) => a.at >= from);
        const claimed = new Set(
          await repo.claim(
            userId,
            due.map((a) => a.row.episode_id),
            'each',
            nowIso,
          ),
        );
        for (const a of due) {
          if (!claimed.has(a.row.episode_id)) continue;
          await mail.send('episode-aired', first, {
            username: first.username,
            unsubscribeToken: token,
            episode: toAlert(a.row, a.time, spoiler),
          });
          mails++;
        }
      }
      if (mode === 'digest' && from && token && hourIn(zone, now) >= options.digestHour) {
        // The digest is of a day: from the day alerts were switched on, all of that day's episodes.
        const due = today >= todayIn(zone, new Date(from)) ? tonight : [];
        const claimed = new Set(
          await repo.claim(
            userId,
            due.map((t) => t.row.episode_id),
            'digest',
            nowIso,
          ),
        );
        const episodes = due
          .filter((t) => claimed.has(t.row.episode_id))
          .map((t) => toAlert(t.row, t.time, spoiler));
        if (episodes.length) {
          await mail.send('episode-digest', first, {
            username: first.username,
            unsubscribeToken: token,
            date: today,
            episodes,
          });
          mails++;
        }
      }
    }
    await options.notifyAired(bell);
    return { members: byUser.size, notifications: bell.length, mails };
  }

  return {
    run,
    /** Defines the job and its schedule (one run per interval across servers, ADR 050). */
    register() {
      options.jobs.define(EPISODE_ALERTS_JOB, () => run(), { retryLimit: 0 });
      options.jobs.schedule(EPISODE_ALERTS_JOB, options.checkSeconds);
    },
  };
}

function toAlert(row: AlertCandidateRow, time: string | null, spoiler: SpoilerCheck): AlertEpisode {
  const hidden = spoiler({
    id: row.episode_id,
    showId: row.show_id,
    seasonNumber: row.season_number,
    episodeNumber: row.episode_number,
  });
  return {
    episodeId: row.episode_id,
    showId: row.show_id,
    showTitle: row.show_title,
    code: episodeCode(row.season_number, row.episode_number),
    // A spoiler's title stays out of the mail: "Show S02E05" only (ADR 181).
    title: hidden ? null : row.title,
    time,
  };
}

export type EpisodeAlerts = ReturnType<typeof createEpisodeAlerts>;

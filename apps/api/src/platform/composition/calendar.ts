import { createCalendarRepository } from '../../features/calendar/calendar.repository';
import { createCalendarService } from '../../features/calendar/calendar.service';
import { createEpisodeAlerts } from '../../features/calendar/episode-alerts';
import { createEpisodeAlertsRepository } from '../../features/calendar/episode-alerts.repository';
import { createNotificationsRepository } from '../../features/notifications/notifications.repository';
import { createNotificationsService } from '../../features/notifications/notifications.service';
import { createSpoilersRepository } from '../../features/spoilers/spoilers.repository';
import { createSpoilersService } from '../../features/spoilers/spoilers.service';
import type { Infrastructure } from './infrastructure';

/** Spoiler protection and the calendar: when episodes air and what a member may see of them. */
export function wireCalendar({ config, db, events }: Infrastructure) {
  // Spoiler protection (issue 29, ADR 181): the one rule every episode-showing feature asks.
  const spoilers = createSpoilersService({ repo: createSpoilersRepository(db.kysely), events });
  // Calendar, iCal feed, new-episode alerts and the bell (issue 22, ADR 160).
  const calendar = createCalendarService({
    repo: createCalendarRepository(db.kysely),
    publicUrl: config.publicUrl,
    spoilers,
    events,
  });
  return { spoilers, calendar };
}

/**
 * The bell and new-episode alerts (ADR 160). Notifications hang off domain events; the alert
 * job (one server per interval) rings the bell for aired episodes and mails members who asked.
 */
export function wireNotifications(
  { config, db, events, jobs, mail }: Infrastructure,
  { spoilers }: Pick<ReturnType<typeof wireCalendar>, 'spoilers'>,
) {
  const notifications = createNotificationsService({
    repo: createNotificationsRepository(db.kysely),
    events,
    spoilers,
  });
  notifications.subscribe();
  const alerts = createEpisodeAlerts({
    repo: createEpisodeAlertsRepository(db.kysely),
    jobs,
    mail,
    spoilers,
    digestHour: config.alerts.digestHour,
    checkSeconds: config.alerts.checkSeconds,
    notifyAired: async (items) => {
      await notifications.episodesAired(items);
    },
  });
  alerts.register();
  return { notifications, alerts };
}

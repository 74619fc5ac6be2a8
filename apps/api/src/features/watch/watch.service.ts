import type {
  ShowWatch,
  UpdateWatchSettings,
  WatchOfferKind,
  WatchProvider,
  WatchServiceOption,
  WatchSettings,
} from '@series-tracker/contracts';
import { trackingMessages, watchOfferKinds } from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { Jobs } from '../../platform/jobs/types';
import type { Logger } from '../../platform/logger';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { TmdbClient, TmdbWatchProviders } from './tmdb.client';
import type { ProviderRow, WatchRepository } from './watch.repository';

export const REFRESH_PROVIDERS_JOB = 'watch.refresh-providers';
export const REFRESH_STALE_JOB = 'watch.refresh-stale';
const DAY_MS = 86_400_000;
const LOGO_BASE = 'https://image.tmdb.org/t/p/w92';

export interface WatchServiceOptions {
  repo: WatchRepository;
  uow: UnitOfWork;
  jobs: Jobs;
  /** null without TMDB_API_KEY: no providers, no jobs, only the network or web channel. */
  tmdb: TmdbClient | null;
  log: Logger;
  /** Providers older than this are read again by the schedule (default 7 days). */
  staleAfterDays?: number;
  /** How often the schedule looks for stale ones (seconds; default 6 hours). */
  staleCheckSeconds?: number;
  now?: () => Date;
}

const logoUrl = (path: string | null) => (path ? `${LOGO_BASE}${path}` : null);

/** TMDB's answer as rows: one per country, kind and provider (other kinds are ignored). */
export function toProviderRows(body: TmdbWatchProviders): ProviderRow[] {
  const rows: ProviderRow[] = [];
  for (const [country, offers] of Object.entries(body.results ?? {})) {
    if (!/^[A-Z]{2}$/.test(country) || !offers) continue;
    for (const kind of watchOfferKinds) {
      const seen = new Set<number>();
      for (const p of offers[kind] ?? []) {
        if (!Number.isInteger(p?.provider_id) || typeof p.provider_name !== 'string') continue;
        if (seen.has(p.provider_id)) continue;
        seen.add(p.provider_id);
        rows.push({
          country,
          kind,
          provider_id: p.provider_id,
          provider_name: p.provider_name.slice(0, 120),
          logo_path: typeof p.logo_path === 'string' ? p.logo_path : null,
          display_priority: Number.isInteger(p.display_priority) ? p.display_priority! : 0,
          link: typeof offers.link === 'string' ? offers.link : null,
        });
      }
    }
  }
  return rows;
}

/** Where to watch (issue 29, ADR 182): the show page's section, settings, the refresh jobs. */
export function createWatchService(options: WatchServiceOptions) {
  const { repo, uow, jobs, tmdb, log } = options;
  const now = options.now ?? (() => new Date());
  const staleMs = (options.staleAfterDays ?? 7) * DAY_MS;

  async function enqueueRefresh(showId: number) {
    try {
      await jobs.enqueue(REFRESH_PROVIDERS_JOB, { showId }, { singletonKey: `show:${showId}` });
    } catch (err) {
      // The page still answers with what it has; the schedule or the next view asks again.
      log.warn({ err, showId }, 'could not queue a watch provider refresh');
    }
  }

  /** Reads one show's providers from TMDB and replaces the cached ones. */
  async function refresh(showId: number) {
    if (!tmdb) return { showId, skipped: true };
    const show = await repo.show(showId);
    if (!show) return { showId, missing: true };
    let tmdbId = show.tmdb_id;
    if (tmdbId === null && show.tvdb_id !== null)
      tmdbId = await tmdb.findTv(String(show.tvdb_id), 'tvdb_id');
    if (tmdbId === null && show.imdb_id) tmdbId = await tmdb.findTv(show.imdb_id, 'imdb_id');
    const body = tmdbId === null ? null : await tmdb.watchProviders(tmdbId);
    const rows = body ? toProviderRows(body) : [];
    await uow.run((trx) => repo.saveProviders(trx, showId, tmdbId, rows, nowIso()));
    return { showId, tmdbId, providers: rows.length };
  }

  return {
    providersEnabled: tmdb !== null,

    /** Defines the jobs (with a TMDB key only): one show's refresh and the stale sweep. */
    register() {
      if (!tmdb) return;
      jobs.define<{ showId: number }, unknown>(REFRESH_PROVIDERS_JOB, (ctx) =>
        refresh(ctx.payload.showId),
      );
      jobs.define(REFRESH_STALE_JOB, async () => {
        const before = new Date(now().getTime() - staleMs).toISOString();
        const ids = await repo.staleShowIds(before, 500);
        for (const id of ids) await enqueueRefresh(id);
        return { queued: ids.length };
      });
      jobs.schedule(REFRESH_STALE_JOB, options.staleCheckSeconds ?? 6 * 3600);
    },

    refresh,

    async showWatch(
      showId: number,
      viewerId: number | null,
      askedCountry?: string,
    ): Promise<ShowWatch> {
      const show = await repo.show(showId);
      if (!show) throw notFound(trackingMessages.showNotFound);
      const channel = show.network_name
        ? { kind: 'network' as const, name: show.network_name, country: show.network_country }
        : show.streaming_service
          ? { kind: 'web' as const, name: show.streaming_service, country: show.country }
          : null;
      const base = { showId, channel, providersEnabled: tmdb !== null };
      if (!tmdb) return { ...base, country: null, status: 'off', providers: null, countries: [] };
      const saved = viewerId === null ? undefined : await repo.settings(viewerId);
      const country = askedCountry ?? saved?.country ?? null;
      const lookup = await repo.lookup(showId);
      if (!lookup) {
        await enqueueRefresh(showId);
        return { ...base, country, status: 'pending', providers: null, countries: [] };
      }
      if (now().getTime() - Date.parse(lookup.fetched_at) > staleMs) await enqueueRefresh(showId);
      const rows = await repo.providers(showId);
      const countries = [...new Set(rows.map((r) => r.country))].sort();
      const here = country ? rows.filter((r) => r.country === country) : [];
      const providers = here.length
        ? {
            link: here.find((r) => r.link)?.link ?? null,
            ...(Object.fromEntries(
              watchOfferKinds.map((kind) => [
                kind,
                here
                  .filter((r) => r.kind === kind)
                  .map((r): WatchProvider => ({
                    id: r.provider_id,
                    name: r.provider_name,
                    logoUrl: logoUrl(r.logo_path),
                  })),
              ]),
            ) as Record<WatchOfferKind, WatchProvider[]>),
          }
        : null;
      return {
        ...base,
        country,
        status: rows.length ? 'ready' : 'none',
        providers,
        countries,
      };
    },

    async settings(userId: number): Promise<WatchSettings> {
      const row = await repo.settings(userId);
      return {
        country: row?.country ?? null,
        services: row ? (JSON.parse(row.services) as string[]) : [],
        providersEnabled: tmdb !== null,
      };
    },

    async updateSettings(userId: number, input: UpdateWatchSettings): Promise<WatchSettings> {
      const services = [...new Set(input.services.map((s) => s.trim()))];
      const country = input.country ?? null;
      await uow.run((trx) => repo.saveSettings(trx, userId, country, services, nowIso()));
      return { country, services, providersEnabled: tmdb !== null };
    },

    /** Names a member can pick as "my services" in a country: TMDB's, then channels. */
    async serviceOptions(country: string | null): Promise<WatchServiceOption[]> {
      const out: WatchServiceOption[] = [];
      const seen = new Set<string>();
      const add = (option: WatchServiceOption) => {
        const key = option.name.toLowerCase();
        if (seen.has(key)) return;
        seen.add(key);
        out.push(option);
      };
      if (tmdb && country) {
        for (const p of await repo.providerNames(country))
          add({ name: p.name, logoUrl: logoUrl(p.logo_path), source: 'tmdb' });
      }
      for (const name of await repo.channelNames(country))
        add({ name, logoUrl: null, source: 'channel' });
      return out;
    },
  };
}

export type WatchService = ReturnType<typeof createWatchService>;

import type { FastifyInstance } from 'fastify';
import { traktSyncRoutes } from './trakt-sync.routes';
import { traktReadsRoutes } from './trakt-reads.routes';
import { traktScrobbleRoutes } from './trakt-scrobble.routes';
import { traktOAuthRoutes } from './trakt-oauth.routes';

/** The services the surface needs (app.ts passes the composition root's; a feature never names it). */
export interface TraktRoutesOptions {
  services: {
    traktSync: Parameters<typeof traktSyncRoutes>[1];
    traktScrobble: Parameters<typeof traktScrobbleRoutes>[1]['scrobble'];
    traktReads: Parameters<typeof traktReadsRoutes>[1]['reads'];
    traktUsers: Parameters<typeof traktReadsRoutes>[1]['users'];
    traktOAuth: Parameters<typeof traktOAuthRoutes>[1]['oauth'];
  };
  publicUrl: string;
}

/**
 * The Trakt API v2-compatible surface under /trakt (issue 27, ADR 170): an app configured
 * with `https://tracker.example/trakt` instead of `https://api.trakt.tv` works unchanged.
 * Every route declares its access like /api routes (platform/access.ts); a Trakt app's OAuth
 * access token signs the member in (plugins/auth.ts → trakt-grants.service), writes pass the
 * same suspension check and go through tracking's services.
 */
export async function traktRoutes(app: FastifyInstance, opts: TraktRoutesOptions) {
  // One tag in the OpenAPI document (/api/docs) for the whole surface.
  app.addHook('onRoute', (route) => {
    if (route.schema) (route.schema as { tags?: string[] }).tags ??= ['Trakt-compatible API'];
  });
  // Trakt answers every call with these; apps read the version back.
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('trakt-api-version', '2');
    return payload;
  });
  // Sub-surfaces register here (oauth, sync, scrobble, catalogue reads, users).
  await app.register(traktSyncRoutes, opts.services.traktSync);
  await app.register(traktScrobbleRoutes, { scrobble: opts.services.traktScrobble });
  await app.register(traktReadsRoutes, {
    reads: opts.services.traktReads,
    users: opts.services.traktUsers,
  });
  await app.register(traktOAuthRoutes, { oauth: opts.services.traktOAuth });
}

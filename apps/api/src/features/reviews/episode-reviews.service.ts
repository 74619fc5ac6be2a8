import { errorCodes, reviewMessages as m, type EpisodeReview } from '@series-tracker/contracts';
import { conflict, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import { authorize, type Viewer } from '../../platform/policy';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { page } from '../shows/shows.service';
import type {
  EpisodeReviewsRepository,
  EpisodeReviewWithAuthor,
} from './episode-reviews.repository';
import { bit, episodeReviewResource, orNull } from './review-resources';
import { toEpisodeReview } from './reviews.mapper';
import { verbatim } from '../../lib/i18n/text';

export interface EpisodeReviewsServiceOptions {
  repo: EpisodeReviewsRepository;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  /** ratings.changed, episode-review.created, published after commit. */
  events: EventBus;
}

export interface EpisodeReviewDraft {
  episodeId: number;
  rating: number;
  content?: string | null | undefined;
  isSpoiler: boolean;
}

/** Episode reviews: a rating with optional words, one per member and episode (issue 9). */
export function createEpisodeReviewsService({ repo, uow, events }: EpisodeReviewsServiceOptions) {
  /** An episode review the viewer may `action`, else 404. */
  async function allowed(
    viewer: Viewer,
    action: 'read' | 'update' | 'delete',
    id: number,
  ): Promise<EpisodeReviewWithAuthor> {
    const er = await repo.episodeReviewById(repo.db, id, null);
    authorize(viewer, action, er && episodeReviewResource(er), m.episodeReviewNotFound);
    return er!;
  }

  return {
    async episodeReviews(viewer: Viewer, episodeId: number, limit: number, offset: number) {
      if (!(await repo.episode(repo.db, episodeId))) throw notFound(m.episodeNotFound);
      const { rows, total } = await repo.listEpisodeReviews(
        episodeId,
        viewer?.id ?? null,
        limit,
        offset,
      );
      return page(rows.map(toEpisodeReview), total, limit, offset);
    },

    async createEpisodeReview(
      viewer: { id: number },
      draft: EpisodeReviewDraft,
      // imports (issue 19): an episode rating from another tracker keeps its date, arrives
      // private and is not announced (no event: no activity, no "now").
      origin: { at?: string | null; imported?: boolean } = {},
    ): Promise<EpisodeReview> {
      const now = origin.at ?? nowIso();
      const episode = await repo.episode(repo.db, draft.episodeId);
      if (!episode) throw notFound(m.episodeNotFound);
      const id = await uow.run((trx) =>
        repo.insertEpisodeReview(trx, {
          user_id: viewer.id,
          episode_id: episode.id,
          show_id: episode.show_id,
          rating: draft.rating,
          content: orNull(draft.content),
          is_spoiler: bit(draft.isSpoiler),
          ...(origin.imported ? { is_public: 0 } : {}),
          now,
        }),
      );
      if (id === null) {
        const existing = await repo.episodeReviewFor(repo.db, viewer.id, episode.id);
        throw conflict(errorCodes.conflict, m.alreadyReviewedEpisode, {
          episodeReviewId: verbatim(String(existing?.id ?? '')),
        });
      }
      await events.emit('ratings.changed', { userId: viewer.id, kind: 'episode' });
      if (!origin.imported)
        await events.emit('episode-review.created', {
          episodeReviewId: id,
          userId: viewer.id,
          showId: episode.show_id,
          episodeId: episode.id,
          rating: draft.rating,
          at: now,
        });
      return toEpisodeReview((await repo.episodeReviewById(repo.db, id, viewer.id))!);
    },

    async updateEpisodeReview(
      viewer: { id: number },
      id: number,
      change: {
        rating?: number;
        content?: string | null;
        isSpoiler?: boolean;
        isPublic?: boolean;
      },
    ): Promise<EpisodeReview> {
      await allowed(viewer, 'update', id);
      await repo.updateEpisodeReview(repo.db, id, {
        updated_at: nowIso(),
        ...(change.rating !== undefined ? { rating: change.rating } : {}),
        ...(change.content !== undefined ? { content: orNull(change.content) } : {}),
        ...(change.isSpoiler !== undefined ? { is_spoiler: bit(change.isSpoiler) } : {}),
        ...(change.isPublic !== undefined ? { is_public: bit(change.isPublic) } : {}),
      });
      if (change.rating !== undefined)
        await events.emit('ratings.changed', { userId: viewer.id, kind: 'episode' });
      return toEpisodeReview((await repo.episodeReviewById(repo.db, id, viewer.id))!);
    },

    async removeEpisodeReview(viewer: { id: number }, id: number): Promise<void> {
      await allowed(viewer, 'delete', id);
      await repo.deleteEpisodeReview(repo.db, id);
      await events.emit('ratings.changed', { userId: viewer.id, kind: 'episode' });
    },

    /** An episode review the viewer may read (likes ask), else 404. */
    readable: (viewer: Viewer, id: number) => allowed(viewer, 'read', id),
  };
}

export type EpisodeReviewsService = ReturnType<typeof createEpisodeReviewsService>;

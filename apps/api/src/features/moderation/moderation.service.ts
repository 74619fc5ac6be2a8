import {
  errorCodes,
  moderationErrorCodes,
  moderationMessages as mm,
  type ActionResult,
  type AuditEntry,
  type CreateReport,
  type ModerationAction,
  type ModerationActionBody,
  type Page,
  type QueueItem,
  type ReportItemType,
  type ReportReason,
  type Role,
} from '@series-tracker/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { addDays, nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { Mail, ModeratedThing } from '../../platform/mail/mail';
import {
  activeSuspension,
  authorize,
  may,
  toRole,
  type Resource,
  type Viewer,
} from '../../platform/policy';
import type { AuditRow, ItemRow, ModerationRepository } from './moderation.repository';
import { announce } from './moderation.announce';
import { hideAllBy, type HiddenContent, type ModerationOwners } from './moderation.owners';
import { page } from '../shows/shows.service';

export interface ModerationServiceOptions {
  repo: ModerationRepository;
  uow: UnitOfWork;
  events: EventBus;
  mail: Mail;
  /** Reviews, episode reviews, comments and lists: their marks, through their features. */
  owners: ModerationOwners;
  /** The reviews feature's counters, put back inside the moderation transaction. */
  counters: {
    recountAfterModeration(
      trx: Transaction<Database>,
      o: { showIds: number[]; reviewIds: number[] },
    ): Promise<void>;
    forgetTotals(): void;
  };
}

/** Which actions fit which kind of item (ADR 151). */
export const applicableActions: Record<ReportItemType, ModerationAction[]> = {
  review: ['dismiss', 'hide', 'spoiler', 'remove', 'suspend'],
  'episode-review': ['dismiss', 'hide', 'spoiler', 'remove', 'suspend'],
  comment: ['dismiss', 'hide', 'remove', 'suspend'],
  list: ['dismiss', 'hide', 'remove', 'suspend'],
  profile: ['dismiss', 'suspend', 'unsuspend'],
};

/** The policy's view of an item: what `may(viewer, 'read' | 'moderate', …)` is asked about. */
function asResource(item: ItemRow): Resource {
  const marks = { hidden: item.hiddenAt !== null, removed: item.removedAt !== null };
  switch (item.itemType) {
    case 'comment':
      return {
        kind: 'comment',
        ownerId: item.authorId,
        isPublic: item.isPublic,
        reviewOwnerId: item.reviewOwnerId!,
        ...marks,
      };
    case 'profile':
      return { kind: 'profile', userId: item.itemId, isPublic: true };
    default:
      return { kind: item.itemType, ownerId: item.authorId, isPublic: item.isPublic, ...marks };
  }
}

const state = (item: ItemRow): QueueItem['state'] =>
  item.removedAt ? 'removed' : item.hiddenAt ? 'hidden' : 'visible';

const person = (id: number | null, username: string | null, displayName: string | null) =>
  id !== null && username !== null ? { id, username, displayName } : null;

function toAuditEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    action: r.action as ModerationAction,
    itemType: r.item_type as ReportItemType,
    itemId: r.item_id,
    moderator: person(r.moderator_id, r.m_username, r.m_display_name),
    author: person(r.author_id, r.a_username, r.a_display_name),
    reason: r.reason,
    until: r.until,
    hiddenCount: Number(r.hidden_count),
    createdAt: r.created_at,
  };
}

/** How the author's mail names the thing. */
function described(item: ItemRow): ModeratedThing {
  switch (item.itemType) {
    case 'review':
      return { kind: 'review', title: item.title ?? '', show: item.showTitle ?? '' };
    case 'episode-review':
      return { kind: 'episode-review', episode: item.context.replace(/^.*'s review of /, '') };
    case 'comment':
      return { kind: 'comment', author: item.reviewAuthor ?? '', show: item.showTitle ?? '' };
    case 'list':
      return { kind: 'list', name: item.name ?? '' };
    case 'profile':
      return { kind: 'account' };
  }
}

/**
 * Moderation (issue 21, ADR 151): members report, moderators act. Who may is the policy's
 * call (`may(viewer, 'moderate', …)`); counters move inside the action's transaction; caches,
 * feeds and the author's mail follow the events published after commit.
 */
export function createModerationService({
  repo,
  uow,
  events,
  mail,
  owners,
  counters,
}: ModerationServiceOptions) {
  async function viewerWithRole(viewer: { id: number }): Promise<Viewer> {
    const row = await repo.user(repo.db, viewer.id);
    return row ? { id: row.id, role: toRole(row.role) } : null;
  }

  return {
    /** POST /moderation/reports: one open report per member and item. */
    async report(viewer: { id: number }, body: CreateReport) {
      const item = await repo.item(repo.db, body.itemType, body.itemId);
      // What the reporter cannot read does not exist for them.
      authorize(viewer, 'read', item && asResource(item), mm.itemNotFound);
      if (item!.authorId === viewer.id) throw new AppError(400, errorCodes.validation, mm.ownItem);
      const now = nowIso();
      const id = await uow.run((trx) =>
        repo.insertReport(trx, {
          item_type: body.itemType,
          item_id: body.itemId,
          author_id: item!.authorId,
          reporter_id: viewer.id,
          reason: body.reason,
          details: body.details ? body.details : null,
          created_at: now,
        }),
      );
      if (id === null) throw conflict(moderationErrorCodes.alreadyReported, mm.alreadyReported);
      return {
        id,
        itemType: body.itemType,
        itemId: body.itemId,
        reason: body.reason,
        createdAt: now,
      };
    },

    /** GET /moderation/reports: open reports grouped by item, with the content and context. */
    async queue(viewer: { id: number }, limit: number, offset: number): Promise<Page<QueueItem>> {
      const v = await viewerWithRole(viewer);
      authorize(v, 'moderate', { kind: 'moderation' });
      const { groups, total } = await repo.openItems(limit, offset);
      const data: QueueItem[] = [];
      for (const g of groups) {
        const type = g.item_type as ReportItemType;
        const [item, reports] = await Promise.all([
          repo.item(repo.db, type, g.item_id),
          repo.openReports(type, g.item_id),
        ]);
        const author = item ? await repo.user(repo.db, item.authorId) : undefined;
        data.push({
          itemType: type,
          itemId: g.item_id,
          author: author
            ? {
                id: author.id,
                username: author.username,
                displayName: author.display_name,
                role: toRole(author.role),
                suspended: activeSuspension(author) !== null,
              }
            : { id: 0, username: '[deleted]', displayName: null, role: 'member', suspended: false },
          title: item?.title ?? null,
          text: item?.text ?? null,
          isSpoiler: item?.isSpoiler ?? false,
          state: item ? state(item) : 'deleted',
          context: item?.context ?? 'Deleted by its author',
          link: item && !item.removedAt ? item.link : null,
          actions: item ? applicableActions[type] : ['dismiss'],
          reports: reports.map((r) => ({
            id: r.id,
            reason: r.reason as ReportReason,
            details: r.details,
            reporter: { id: r.reporter_id, username: r.username, displayName: r.display_name },
            createdAt: r.created_at,
          })),
          firstReportedAt: g.first,
        });
      }
      return page(data, total, limit, offset);
    },

    /** POST /moderation/items/:type/:id/actions: one decision, audited, the author told. */
    async act(
      viewer: { id: number },
      type: ReportItemType,
      id: number,
      body: ModerationActionBody,
    ): Promise<ActionResult> {
      const v = await viewerWithRole(viewer);
      authorize(v, 'moderate', { kind: 'moderation' });
      const now = nowIso();
      const result = await uow.run(async (trx) => {
        const item = await repo.item(trx, type, id);
        const reported = await repo.hasOpenReport(trx, type, id);
        // A deleted item's open reports can still be dismissed; nothing else acts on nothing.
        if (!item && !(reported && body.action === 'dismiss')) throw notFound(mm.itemNotFound);
        if (item && !may(v, 'moderate', asResource(item))) throw forbidden(mm.cannotModerateSelf);
        if (item?.authorId === viewer.id) throw forbidden(mm.cannotModerateSelf);
        if (item && !applicableActions[type].includes(body.action))
          throw new AppError(400, errorCodes.validation, mm.notApplicable, {
            action: mm.notApplicable,
          });

        const showIds: number[] = [];
        const reviewIds: number[] = [];
        let until: string | null = null;
        let hidden: HiddenContent | null = null;
        switch (body.action) {
          case 'hide':
          case 'remove':
            await owners[type as keyof ModerationOwners].mark(
              trx,
              id,
              body.action === 'hide' ? 'hidden_at' : 'removed_at',
              body.reason,
              now,
            );
            if (item!.showId !== undefined && type === 'review') showIds.push(item!.showId);
            if (item!.reviewId !== undefined) reviewIds.push(item!.reviewId);
            break;
          case 'spoiler':
            await owners[type as 'review' | 'episode-review'].markSpoiler(trx, id);
            break;
          case 'suspend': {
            const author = (await repo.user(trx, item!.authorId))!;
            if (toRole(author.role) !== 'member') throw forbidden(mm.cannotSuspendStaff);
            until = body.suspendDays ? addDays(now, body.suspendDays) : null;
            await repo.suspend(trx, author.id, until, body.reason, now);
            if (body.hideContent) {
              hidden = await hideAllBy(owners, trx, author.id, body.reason, now);
              showIds.push(...hidden.reviews.map((r) => r.show_id));
              reviewIds.push(...hidden.comments.map((c) => c.review_id));
            }
            break;
          }
          case 'unsuspend':
            await repo.unsuspend(trx, item!.authorId);
            break;
          case 'dismiss':
            break;
        }
        // Moderators act on what was reported, or from the item's own page, which files
        // their own report with the action: every action answers a report (ADR 150). Checked
        // after the action's own refusals; a refusal here rolls the action back.
        if (!reported) {
          if (!body.fromItemPage) throw conflict(moderationErrorCodes.notReported, mm.notReported);
          await repo.insertReport(trx, {
            item_type: type,
            item_id: id,
            author_id: item!.authorId,
            reporter_id: viewer.id,
            reason: 'other',
            details: body.reason,
            created_at: now,
          });
        }
        if (showIds.length || reviewIds.length)
          await counters.recountAfterModeration(trx, { showIds, reviewIds });
        const resolved = await repo.resolveReports(trx, type, id, viewer.id, now);
        const hiddenCount = hidden
          ? hidden.reviews.length +
            hidden.lists.length +
            hidden.comments.length +
            hidden.episodeReviews.length
          : 0;
        const actionId = await repo.insertAction(trx, {
          moderator_id: viewer.id,
          action: body.action,
          item_type: type,
          item_id: id,
          author_id: item?.authorId ?? null,
          reason: body.reason,
          until,
          hidden_count: hiddenCount,
          created_at: now,
        });
        return { item, resolved, actionId, hidden };
      });
      const { item, resolved, actionId, hidden } = result;
      if (item) await announce({ events, counters }, item, body.action, actionId, now, hidden);
      const entry = (await repo.actions(1, 0, { id: actionId })).rows[0]!;
      return { entry: toAuditEntry(entry), resolvedReports: resolved };
    },

    /** GET /moderation/actions: the audit log, newest first. */
    async audit(
      viewer: { id: number },
      limit: number,
      offset: number,
      authorId?: number,
    ): Promise<Page<AuditEntry>> {
      const v = await viewerWithRole(viewer);
      authorize(v, 'moderate', { kind: 'moderation' });
      const { rows, total } = await repo.actions(limit, offset, {
        ...(authorId !== undefined ? { authorId } : {}),
      });
      return page(rows.map(toAuditEntry), total, limit, offset);
    },

    /**
     * The CLI's `admin grant|revoke` (never the web): sets a member's role. Returns the old
     * role, or null when there is no such member.
     */
    async setRole(username: string, role: Role): Promise<{ from: Role; userId: number } | null> {
      const user = await repo.userByUsername(username);
      if (!user) return null;
      await repo.setRole(user.id, role);
      // Signed-in state carries the role: every server reads it again.
      await events.emit('sessions.changed', { userId: user.id });
      return { from: toRole(user.role), userId: user.id };
    },

    /** Sends the author their mail (subscribed to content.moderated; ADR 051 mail job). */
    subscribe(): () => void {
      return events.on('content.moderated', async (e) => {
        if (e.action === 'dismiss') return;
        const [author, entry, item] = await Promise.all([
          repo.user(repo.db, e.authorId),
          repo.actions(1, 0, { id: e.actionId }).then((r) => r.rows[0]),
          repo.item(repo.db, e.itemType, e.itemId),
        ]);
        // One mail per decision: things hidden along with a suspension come under its entry.
        if (!author || !entry || !item) return;
        if (entry.item_type !== e.itemType || entry.item_id !== e.itemId) return;
        await mail.send('moderation-notice', author, {
          username: author.username,
          action: e.action,
          what: described(item),
          reason: entry.reason,
          until: entry.until,
          hiddenCount: Number(entry.hidden_count),
          page: e.action === 'hide' || e.action === 'spoiler' ? (item.link ?? '/') : '/',
        });
      });
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;

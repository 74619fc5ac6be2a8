import { describe, expect, it } from 'vitest';
import { moderationErrorCodes, moderationMessages } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { communityOf, registerModerator } from '../../../test/community';
import { caller } from '../../../test/http';
import { buildShow, registerUser } from '../../../test/factories';

/*
 * Review of 2026-11-26 (ADR 150): a moderator acts on what was reported, or on an item from
 * its own page (`fromItemPage`, which files the moderator's own report in the same step);
 * an item that does not exist is a 404 and leaves no audit row.
 */
const t = useTestApp();

const call = caller(() => t.app);

const { review, report, act, suspendForADay } = communityOf(call);
const auditRows = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('moderation_actions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function setUp() {
  const mod = await registerModerator(t.app);
  const author = await registerUser(t.app);
  const reporter = await registerUser(t.app);
  const show = await buildShow(t.db);
  const { id: reviewId } = await review(author.token, show.id);
  return { mod, author, reporter, reviewId };
}

describe('moderator actions need a report', () => {
  it('a missing item is a 404 for every action, and no audit row is written', async () => {
    const { mod } = await setUp();
    const before = await auditRows();
    for (const action of ['dismiss', 'hide', 'remove']) {
      const res = await act(mod.token, 'review', 999_999, { action, reason: 'x' });
      expect(res.statusCode, action).toBe(404);
      expect(res.json(), action).toMatchObject({ error: moderationMessages.itemNotFound });
    }
    const fromPage = await act(mod.token, 'comment', 999_999, {
      action: 'hide',
      reason: 'x',
      fromItemPage: true,
    });
    expect(fromPage.statusCode).toBe(404);
    const profile = await suspendForADay(mod.token, 999_999);
    expect(profile.statusCode).toBe(404);
    expect(await auditRows()).toBe(before);
  });

  it('an item nobody reported is refused (409) unless the action comes from its own page', async () => {
    const { mod, author, reviewId } = await setUp();
    const before = await auditRows();
    const blind = await act(mod.token, 'review', reviewId, { action: 'hide', reason: 'x' });
    expect(blind.statusCode).toBe(409);
    expect(blind.json()).toMatchObject({
      code: moderationErrorCodes.notReported,
      error: moderationMessages.notReported,
    });
    const dismiss = await act(mod.token, 'review', reviewId, { action: 'dismiss', reason: 'x' });
    expect(dismiss.statusCode).toBe(409);
    const suspend = await suspendForADay(mod.token, author.user.id);
    expect(suspend.statusCode).toBe(409);
    expect(await auditRows()).toBe(before);
    const review = await t.app.inject({ url: `/api/reviews/${reviewId}` });
    expect(review.statusCode).toBe(200);

    // From the item's page: the moderator's own report is filed and resolved with the action.
    const fromPage = await act(mod.token, 'review', reviewId, {
      action: 'hide',
      reason: 'Insults',
      fromItemPage: true,
    });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.json()).toMatchObject({
      resolvedReports: 1,
      entry: { action: 'hide', itemType: 'review', itemId: reviewId, reason: 'Insults' },
    });
    const report = await t.db.kysely
      .selectFrom('reports')
      .select(['reporter_id', 'reason', 'details', 'status', 'resolved_by'])
      .where('item_type', '=', 'review')
      .where('item_id', '=', reviewId)
      .execute();
    expect(report).toEqual([
      {
        reporter_id: mod.user.id,
        reason: 'other',
        details: 'Insults',
        status: 'resolved',
        resolved_by: mod.user.id,
      },
    ]);
    expect((await t.app.inject({ url: `/api/reviews/${reviewId}` })).statusCode).toBe(404);
  });

  it('a reported item is acted on from the queue as before; a deleted one’s reports can be dismissed', async () => {
    const { mod, author, reporter, reviewId } = await setUp();
    const filed = await report(reporter.token, 'review', reviewId, 'spam');
    expect(filed.statusCode).toBe(201);
    const queue = await call(mod.token, { url: '/api/moderation/reports' });
    expect(queue.json().data.some((i: { itemId: number }) => i.itemId === reviewId)).toBe(true);
    const deleted = await call(author.token, { method: 'DELETE', url: `/api/reviews/${reviewId}` });
    expect(deleted.statusCode).toBe(204);
    const hide = await act(mod.token, 'review', reviewId, { action: 'hide', reason: 'x' });
    expect(hide.statusCode).toBe(404);
    const dismiss = await act(mod.token, 'review', reviewId, {
      action: 'dismiss',
      reason: 'Gone already',
    });
    expect(dismiss.statusCode).toBe(200);
    expect(dismiss.json()).toMatchObject({ resolvedReports: 1 });
    // Its reports are closed: a second dismiss has nothing to act on.
    const again = await act(mod.token, 'review', reviewId, { action: 'dismiss', reason: 'x' });
    expect(again.statusCode).toBe(404);
  });
});

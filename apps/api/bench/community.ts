import type { Db } from '../src/db/connection';
import { timeRequests, type App } from './timing';
import { benchMember } from './member';

/**
 * Reviews (issue 9): 100,000 reviews by 2,000 demo members with likes and comments (the
 * demo-data command's seeding), then the feed and a review page, anonymous and signed in.
 * Returns the hot reads for the table: what anonymous visitors load.
 */
export async function benchReviews(app: App, db: Db) {
  const seeded = await app.services.demoData.seedReviews({ reviews: 100_000 });
  console.log(
    `  reviews: ${seeded.reviews} reviews, ${seeded.likes} likes, ${seeded.comments} comments by ${seeded.members} demo members, seeded in ${(seeded.ms / 1000).toFixed(1)} s`,
  );
  const reviewIds = (
    await db.kysely
      .selectFrom('reviews')
      .select('id')
      .where('is_public', '=', 1)
      .orderBy('likes_count', 'desc')
      .limit(200)
      .execute()
  ).map((r) => r.id);
  const feeds = [
    '/api/reviews?limit=10',
    '/api/reviews?limit=10&offset=10',
    '/api/reviews?filter=top_rated&limit=10',
    '/api/reviews?filter=most_liked&limit=10',
    '/api/reviews?sort=rating&order=asc&limit=10&offset=500',
  ];
  const { headers } = await benchMember(app, `reader_${process.pid}`);
  await timeRequests(app, 'GET /api/reviews (feed, anonymous)', feeds);
  await timeRequests(app, 'GET /api/reviews (feed, signed in)', feeds, headers);
  const details = reviewIds.map((id) => `/api/reviews/${id}`);
  await timeRequests(app, 'GET /api/reviews/{id} (anonymous)', details);
  await timeRequests(app, 'GET /api/reviews/{id} (signed in)', details, headers);
  await timeRequests(
    app,
    'GET /api/reviews/{id}/comments',
    reviewIds.map((id) => `/api/reviews/${id}/comments`),
  );
  return [
    { name: 'reviews feed', urls: feeds },
    { name: 'review detail', urls: details },
  ];
}

/** Lists read the slow way: signed in (never cached), so the database and serialiser run. */
export async function benchLists(app: App, bigListId: number) {
  const { headers } = await benchMember(app, `lists_${process.pid}`);
  await timeRequests(
    app,
    'GET list 1k items page (100, signed in, uncached)',
    Array.from(
      { length: 10 },
      (_, i) => `/api/lists/${bigListId}/items?limit=100&offset=${i * 100}`,
    ),
    headers,
  );
  await timeRequests(
    app,
    'GET list 1k (signed in, uncached)',
    [`/api/lists/${bigListId}`],
    headers,
  );
}

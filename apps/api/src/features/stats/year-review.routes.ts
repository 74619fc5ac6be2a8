import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { apiErrorSchema, yearParamSchema, yearReviewSchema } from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';
import { withMeta, yearCardSvg, yearPageTitle, yearSummaryLine } from './year-review-card';
import { pageLocale } from '../../lib/i18n/request-locale';
import type { YearReviewService } from './year-review.service';
import { errorResponses } from '../../lib/error-responses';
import { routeTable } from '../../lib/route-table';

const errors = errorResponses(400, 401, 404);
const tz = z.object({ tz: z.string().max(64).optional() });
const usernameParam = z.string().min(1).max(60);

/** Year in review (issue 29, ADR 180): the member's own, a member's public page, its card. */
export async function yearReviewRoutes(
  app: FastifyInstance,
  opts: { yearReview: YearReviewService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { yearReview } = opts;
  const tags = ['stats'];
  const api = routeTable(app, { tags, errors });

  api.get('/users/me/year/:year', {
    access: 'signed-in',
    summary: 'Your year in review, on your saved time zone (else `tz`, else UTC)',
    params: yearParamSchema,
    query: tz,
    response: yearReviewSchema,
    run: async ({ member, params, query }) => yearReview.mine(member, params.year, query.tz),
  });

  const memberYear = yearParamSchema.extend({ username: usernameParam });
  api.get('/users/username/:username/year/:year', {
    access: 'viewer',
    summary: 'A member’s year in review (404 when their profile is private to you)',
    params: memberYear,
    response: yearReviewSchema,
    run: async ({ viewer, params }) => yearReview.ofUsername(viewer, params.username, params.year),
  });

  r.get(
    '/users/username/:username/year/:year/card.png',
    {
      // What link previews show: the anonymous view only, so a card never holds more than
      // the public page does.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The year in review as a 1200×630 PNG for link previews (og:image)',
        params: memberYear,
        produces: ['image/png'],
        response: {
          200: z.string().describe('A PNG image, 1200×630'),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const review = await yearReview.ofUsername(null, req.params.username, req.params.year);
      const png = await sharp(Buffer.from(yearCardSvg(review)))
        .png()
        .toBuffer();
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'public, max-age=3600')
        .send(png as unknown as string);
    },
  );
}

/**
 * The SPA page /profile/:username/year/:year with its Open Graph tags (the server renders no
 * other page's tags): a public year gets a title, description and card; otherwise the page
 * is the plain SPA, whose own screen says what there is to say.
 */
export async function yearReviewPageRoute(
  app: FastifyInstance,
  opts: {
    yearReview: YearReviewService;
    /** The web app's page in the request's language (plugins/web-shell.ts). */
    page: (request: FastifyRequest) => string;
    publicUrl: string;
  },
) {
  const base = opts.publicUrl.replace(/\/$/, '');
  app.get<{ Params: { username: string; year: string } }>(
    '/profile/:username/year/:year',
    { config: { access: 'public' } },
    async (req, reply) => {
      const html = opts.page(req);
      reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      const year = yearParamSchema.safeParse({ year: req.params.year });
      const user = usernameParam.safeParse(req.params.username);
      if (!year.success || !user.success) return reply.send(html);
      try {
        const review = await opts.yearReview.ofUsername(null, user.data, year.data.year);
        const path = `/profile/${encodeURIComponent(review.user.username)}/year/${review.year}`;
        return reply.send(
          withMeta(html, {
            title: yearPageTitle(review, pageLocale(req)),
            description: yearSummaryLine(review, pageLocale(req)),
            url: `${base}${path}`,
            image: `${base}/api/users/username/${encodeURIComponent(review.user.username)}/year/${review.year}/card.png`,
          }),
        );
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) return reply.send(html);
        throw err;
      }
    },
  );
}

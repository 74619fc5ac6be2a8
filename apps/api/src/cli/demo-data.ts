import cliProgress from 'cli-progress';
import { exitWithMessage, withServices } from './run';

/**
 * `npm run demo-data [-- --reviews 100000]`: fills DATABASE_URL with demo members
 * (`demo_NNNN`) and their reviews, likes and comments, for load tests and local development.
 * `-- --tastes 2000` instead seeds members whose tastes cluster by genre, tracking and scoring
 * shows (`demotaste_NNNN`, ADR 183), then runs the recommendations job once (add `--reviews N`
 * to seed both). The catalogue must be imported first. Refuses to run twice on one database.
 */
async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--reviews');
  const tastesAt = args.indexOf('--tastes');
  const tastes = tastesAt >= 0 ? Number(args[tastesAt + 1]) : 0;
  if (tastesAt >= 0 && (!Number.isInteger(tastes) || tastes < 1 || tastes > 1_000_000))
    throw new Error('--tastes takes a whole number from 1 to 1,000,000');
  const reviews = at >= 0 ? Number(args[at + 1]) : tastesAt >= 0 ? 0 : 100_000;
  if (!Number.isInteger(reviews) || reviews < (tastesAt >= 0 ? 0 : 1) || reviews > 10_000_000)
    throw new Error('--reviews takes a whole number from 1 to 10,000,000');
  // The same wiring as the server (ADR 010).
  await withServices(async ({ db, services }) => {
    if (tastes > 0) {
      const seeded = await services.demoData.seedTastes({ members: tastes });
      console.log(
        `Demo tastes: ${seeded.members} members in ${seeded.groups} taste groups tracking ${seeded.items} shows (${(seeded.ms / 1000).toFixed(1)} s).`,
      );
      const built = await services.recommendations.rebuild();
      console.log(
        `Recommendations: ${built.picks} picks for ${built.members} members (${(built.ms / 1000).toFixed(1)} s).`,
      );
      if (reviews === 0) return;
    }
    const bar = new cliProgress.SingleBar(
      {
        format: 'Demo reviews [{bar}] {percentage}% | {value}/{total} | {duration}s',
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(reviews, 0);
    const result = await services.demoData.seedReviews({
      reviews,
      onProgress: (done) => bar.update(done),
    });
    bar.stop();
    console.log(
      `Done in ${(result.ms / 1000).toFixed(1)} s on ${db.dialect}: ${result.members} demo members, ` +
        `${result.reviews} reviews, ${result.likes} likes, ${result.comments} comments.`,
    );
  });
}

main().catch(exitWithMessage);

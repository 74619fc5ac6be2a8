/**
 * The TMDB stand-in of the API tests (hand-written TMDB response shapes on loopback) as a
 * process of its own, for the Playwright suite's second server (TMDB_API_KEY set): the
 * where-to-watch journey never leaves this machine (ADR 182).
 */
import { startTmdbStandIn } from '../apps/api/test/tmdb-stand-in';

const port = Number(process.env.TMDB_STAND_IN_PORT ?? 3103);
const standIn = await startTmdbStandIn(port);
console.log(`TMDB stand-in on ${standIn.baseUrl}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

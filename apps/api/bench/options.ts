/** The bench's command line (run.ts's header lists the flags). */
import { loadTools } from './load';

const args = process.argv.slice(2);
export const which = args.includes('--db') ? args[args.indexOf('--db') + 1] : 'both';
export const quick = args.includes('--quick');
// --only imports: just issue 13's import case (bench/imports.ts).
export const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
// --no-cache measures every request the slow way (database + serialiser), as a cache miss does.
export const responseCache = !args.includes('--no-cache');
// --compressed: requests carry a browser's Accept-Encoding (cached answers then go out as their
// stored brotli copy). Off by default: autocannon's client turned out slower on compressed
// answers here even though the server spends less per request, so raw bytes compare fairer.
export const acceptEncoding = args.includes('--compressed') ? 'br, gzip' : undefined;
// --scale large|medium (issue 32): PostgreSQL at community scale (bench/large.ts).
const scaleArg = args.includes('--scale') ? args[args.indexOf('--scale') + 1] : null;
if (scaleArg !== null && scaleArg !== 'large' && scaleArg !== 'medium')
  throw new Error('--scale takes large or medium');
export const scale = scaleArg;
export const ITER = quick ? 200 : 1000;
export const SECONDS = quick ? 3 : 8;
/** Load tools (autocannon, the hello-world baseline) set to this run's duration and encoding. */
export const load = loadTools({
  seconds: SECONDS,
  acceptEncoding,
});
export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

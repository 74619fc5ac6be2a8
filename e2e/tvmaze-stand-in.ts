/**
 * The TVmaze stand-in of the API tests (recorded TVmaze responses on loopback) as a process of
 * its own, for the Playwright suite's second server (METADATA_SYNC=on): the browser journey
 * of a show that is not in the bundled snapshot never leaves this machine.
 */
import { startTvmazeStandIn } from '../apps/api/test/tvmaze-stand-in';

const port = Number(process.env.TVMAZE_STAND_IN_PORT ?? 3102);
const standIn = await startTvmazeStandIn(port);
console.log(`TVmaze stand-in on ${standIn.baseUrl}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

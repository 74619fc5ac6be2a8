import { buildApp } from '../src/app';
import type { Db } from '../src/db/connection';

type Config = Parameters<typeof buildApp>[0]['config'];

/** A fresh app listening on loopback, so each URL's first request is a cache miss. */
export async function startServer(config: Config, db: Db) {
  const server = await buildApp({ config, db });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, base: `http://127.0.0.1:${port}` };
}

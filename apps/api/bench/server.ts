import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/connection';

type Config = Parameters<typeof buildApp>[0]['config'];

/** The app's settings for a bench: silent, no web build, no TVmaze, no first-start import. */
export const benchConfig = () => ({
  ...loadConfig({}),
  logLevel: 'silent' as const,
  webDistDir: null,
  metadataSync: false,
  catalogAutoImport: false,
});

/** A fresh app listening on loopback, so each URL's first request is a cache miss. */
export async function startServer(config: Config, db: Db) {
  const server = await buildApp({ config, db });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, base: `http://127.0.0.1:${port}` };
}

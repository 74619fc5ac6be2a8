import { buildApp } from '../src/app';
import type { Db } from '../src/db/connection';
import type { TableRow } from './load';
import { load } from './options';

type Config = Parameters<typeof buildApp>[0]['config'];
export interface Endpoint {
  name: string;
  urls: string[];
}

/** A fresh app listening on loopback, so each URL's first request is a cache miss. */
export async function startServer(config: Config, db: Db) {
  const server = await buildApp({ config, db });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, base: `http://127.0.0.1:${port}` };
}

/**
 * One table row per endpoint: the first request of each URL is a cache miss, timed alone (one
 * at a time), then the endpoint is loaded with 32 connections.
 */
export async function measureEndpoints(
  { server, base }: Awaited<ReturnType<typeof startServer>>,
  endpoints: Endpoint[],
  headers?: Record<string, string>,
): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  for (const endpoint of endpoints) {
    const cold = await load.missLatencies(server, endpoint.urls, headers);
    const measured = await load.throughput(base, endpoint.urls, headers);
    rows.push({ name: endpoint.name, ...measured, coldP50: cold.p50, coldMax: cold.max });
  }
  return rows;
}

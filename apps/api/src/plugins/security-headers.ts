import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The headers @fastify/helmet sets for these options, worked out once by asking a throwaway
 * instance. None of ours varies by request (no CSP nonces), so nothing needs recomputing.
 */
export async function securityHeaders(
  options: FastifyHelmetOptions,
): Promise<Record<string, string>> {
  const probe = async (withHelmet: boolean) => {
    const app = Fastify({ logger: false });
    if (withHelmet) await app.register(helmet, options);
    app.get('/', async () => 'probe');
    const res = await app.inject({ url: '/' });
    await app.close();
    return res.headers;
  };
  const [plain, secured] = await Promise.all([probe(false), probe(true)]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured)) {
    if (value !== undefined && !(name in plain)) headers[name] = String(value);
  }
  return headers;
}

/**
 * Helmet's security headers on every response, computed once at start-up and set by one hook.
 * (@fastify/helmet builds a new helmet middleware — option parsing, CSP serialisation — for
 * every request in two hooks; that was a measurable share of a cached read.)
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: FastifyHelmetOptions) => {
    const entries = Object.entries(await securityHeaders(opts));
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of entries) reply.header(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);

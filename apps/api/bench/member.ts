import type { FastifyInstance } from 'fastify';
import { registerUser } from '../test/factories';

/**
 * A signed-in bench member named `bench_<name>` (password `benchmark`), with the bearer
 * header its requests carry; with `timeZone`, their calendar's time zone is set to it.
 */
export async function benchMember(
  app: FastifyInstance,
  name: string,
  { timeZone }: { timeZone?: string } = {},
) {
  const member = await registerUser(app, {
    username: `bench_${name}`,
    email: `bench_${name}@example.test`,
    password: 'benchmark',
  });
  const headers = { authorization: `Bearer ${member.token}` };
  if (timeZone)
    await app.inject({
      method: 'PUT',
      url: '/api/calendar/settings',
      headers,
      payload: { timeZone },
    });
  return { ...member, headers };
}

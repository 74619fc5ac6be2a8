import type { FastifyInstance } from 'fastify';
import { registerUser } from '../test/factories';

/**
 * A signed-in bench member named `bench_<name>` (password `benchmark`), with the bearer
 * header its requests carry.
 */
export async function benchMember(app: FastifyInstance, name: string) {
  const member = await registerUser(app, {
    username: `bench_${name}`,
    email: `bench_${name}@example.test`,
    password: 'benchmark',
  });
  return { ...member, headers: { authorization: `Bearer ${member.token}` } };
}

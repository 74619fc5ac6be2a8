import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './build-test-app';

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
export function totpCode(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

/** Makes a member's sessions as if they last proved who holds them 20 minutes ago. */
export async function makeStale(t: TestApp, userId: number): Promise<void> {
  await t.db.kysely
    .updateTable('sessions')
    .set({ verified_at: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

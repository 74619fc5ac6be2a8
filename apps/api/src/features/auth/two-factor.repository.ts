import type { Insertable, Kysely } from 'kysely';
import type {
  AuthChallengeRow,
  AuthChallengesTable,
  Database,
  PasskeyRow,
  PasskeysTable,
  TotpCredentialRow,
} from '../../db/types';
import { deleteWhere, rowWhere } from '../../db/rows';
import type { Tx } from '../../platform/unit-of-work';

/**
 * Second factors (ADR 173): the authenticator app's secret and last accepted step, backup
 * codes (hashed), passkeys, and the short-lived challenges of sign-ins and passkey ceremonies.
 */
export function createTwoFactorRepository(db: Kysely<Database>) {
  return {
    totp: (userId: number): Promise<TotpCredentialRow | undefined> =>
      rowWhere(db, 'totp_credentials', { user_id: userId }),

    /** A new secret waiting for its first code (replaces an unconfirmed one). */
    async startTotp(userId: number, secret: string, now: string): Promise<void> {
      await db.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
      await db
        .insertInto('totp_credentials')
        .values({ user_id: userId, secret, confirmed_at: null, last_step: null, created_at: now })
        .execute();
    },

    /**
     * Accepts the 30-second `step` once: true only when no code of this step or a later one
     * was accepted before (one conditional update, so two requests cannot both win).
     */
    async acceptStep(userId: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('totp_credentials')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async confirmTotp(q: Tx, userId: number, now: string): Promise<void> {
      await q
        .updateTable('totp_credentials')
        .set({ confirmed_at: now })
        .where('user_id', '=', userId)
        .execute();
    },

    /** Turning two-factor sign-in off: the app's secret and every backup code go. */
    async deleteTotp(q: Tx, userId: number): Promise<void> {
      await q.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
      await q.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
    },

    async replaceBackupCodes(q: Tx, userId: number, hashes: string[], now: string) {
      await q.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
      await q
        .insertInto('backup_codes')
        .values(
          hashes.map((code_hash) => ({
            user_id: userId,
            code_hash,
            used_at: null,
            created_at: now,
          })),
        )
        .execute();
    },

    /** Spends a backup code: true once per code, whoever asks at the same time. */
    async spendBackupCode(userId: number, codeHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('backup_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async backupCodesLeft(userId: number): Promise<number> {
      const row = await db
        .selectFrom('backup_codes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async passkeys(userId: number): Promise<PasskeyRow[]> {
      return db
        .selectFrom('passkeys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    passkeyByCredential: (credentialId: string): Promise<PasskeyRow | undefined> =>
      rowWhere(db, 'passkeys', { credential_id: credentialId }),

    async insertPasskey(row: Insertable<PasskeysTable>): Promise<PasskeyRow> {
      return db.insertInto('passkeys').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async passkeyUsed(id: number, counter: number, now: string): Promise<void> {
      await db
        .updateTable('passkeys')
        .set({ counter, last_used_at: now })
        .where('id', '=', id)
        .execute();
    },

    deletePasskey: (userId: number, id: number): Promise<boolean> =>
      deleteWhere(db, 'passkeys', { id, user_id: userId }),

    /** A new challenge; expired ones of any kind go at the same time. */
    async insertChallenge(row: Insertable<AuthChallengesTable>): Promise<void> {
      await db.deleteFrom('auth_challenges').where('expires_at', '<=', row.created_at).execute();
      await db.insertInto('auth_challenges').values(row).execute();
    },

    async challenge(
      tokenHash: string,
      purpose: string,
      now: string,
    ): Promise<AuthChallengeRow | undefined> {
      return db
        .selectFrom('auth_challenges')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async setChallenge(id: number, challenge: string): Promise<void> {
      await db.updateTable('auth_challenges').set({ challenge }).where('id', '=', id).execute();
    },

    /** Single use: true for the one request that removed it. */
    takeChallenge: (id: number): Promise<boolean> => deleteWhere(db, 'auth_challenges', { id }),
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;

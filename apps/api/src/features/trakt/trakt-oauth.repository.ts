import type { Kysely } from 'kysely';
import { deleteWhere, rowWhere } from '../../db/rows';
import type { Database, TraktAuthCodeRow, TraktDeviceCodeRow } from '../../db/types';

/** SQL of the codes apps exchange for a grant: device codes and authorization codes (ADR 170). */
export function createTraktOAuthRepository(db: Kysely<Database>) {
  return {
    insertDeviceCode(row: Omit<TraktDeviceCodeRow, 'id'>): Promise<TraktDeviceCodeRow> {
      return db
        .insertInto('trakt_device_codes')
        .values(row)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    deviceByHash: (deviceHash: string): Promise<TraktDeviceCodeRow | undefined> =>
      rowWhere(db, 'trakt_device_codes', { device_hash: deviceHash }),

    deviceByUserCode: (userCodeHash: string): Promise<TraktDeviceCodeRow | undefined> =>
      rowWhere(db, 'trakt_device_codes', { user_code: userCodeHash }),

    notePoll(id: number, at: string) {
      return db
        .updateTable('trakt_device_codes')
        .set({ last_polled_at: at })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Moves a device code from one state to the next only if it is still in `from` (a second
     * approval, or two polls racing for one token, change nothing).
     */
    async moveDevice(
      id: number,
      from: string,
      next: { state: string; user_id?: number },
    ): Promise<boolean> {
      const r = await db
        .updateTable('trakt_device_codes')
        .set(next)
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    insertAuthCode(row: Omit<TraktAuthCodeRow, 'id'>): Promise<TraktAuthCodeRow> {
      return db.insertInto('trakt_auth_codes').values(row).returningAll().executeTakeFirstOrThrow();
    },

    authCodeByHash: (codeHash: string): Promise<TraktAuthCodeRow | undefined> =>
      rowWhere(db, 'trakt_auth_codes', { code_hash: codeHash }),

    /** Spends an authorization code: true for the one request that deleted it. */
    spendAuthCode: (id: number): Promise<boolean> => deleteWhere(db, 'trakt_auth_codes', { id }),

    /** Codes that ended before `before` are of no use to anyone (an app gets 404 for them). */
    async purgeExpired(before: string) {
      await db.deleteFrom('trakt_device_codes').where('expires_at', '<', before).execute();
      await db.deleteFrom('trakt_auth_codes').where('expires_at', '<', before).execute();
    },
  };
}

export type TraktOAuthRepository = ReturnType<typeof createTraktOAuthRepository>;

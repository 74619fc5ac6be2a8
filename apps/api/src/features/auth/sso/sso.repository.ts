import type { Insertable, Kysely } from 'kysely';
import type {
  Database,
  IdentityLinkRow,
  IdentityLinksTable,
  OidcFlowRow,
  OidcFlowsTable,
  OidcHandoffsTable,
  UserRow,
} from '../../../db/types';
import { countWhere, deleteWhere, rowWhere } from '../../../db/rows';
import type { Tx } from '../../../platform/unit-of-work';

/** The SQL of single sign-on (ADR 174): linked identities, flows in progress, handoff codes. */
export function createSsoRepository(db: Kysely<Database>) {
  return {
    async insertFlow(row: Insertable<OidcFlowsTable>): Promise<void> {
      // Flows nobody finished go as new ones start: the table stays small without a job.
      await db.deleteFrom('oidc_flows').where('expires_at', '<=', row.created_at).execute();
      await db.insertInto('oidc_flows').values(row).execute();
    },

    /** Takes a flow out of the table (single use): a replayed callback finds nothing. */
    async takeFlow(stateHash: string): Promise<OidcFlowRow | undefined> {
      return db
        .deleteFrom('oidc_flows')
        .where('state_hash', '=', stateHash)
        .returningAll()
        .executeTakeFirst();
    },

    async insertHandoff(row: Insertable<OidcHandoffsTable>): Promise<void> {
      await db.deleteFrom('oidc_handoffs').where('expires_at', '<=', row.created_at).execute();
      await db.insertInto('oidc_handoffs').values(row).execute();
    },

    /** Takes a handoff code out of the table (single use), whatever its browser or age. */
    async takeHandoff(codeHash: string) {
      return db
        .deleteFrom('oidc_handoffs')
        .where('code_hash', '=', codeHash)
        .returningAll()
        .executeTakeFirst();
    },

    findLink: (issuer: string, subject: string): Promise<IdentityLinkRow | undefined> =>
      rowWhere(db, 'identity_links', { issuer, subject }),

    async linksOf(userId: number, issuer: string): Promise<IdentityLinkRow[]> {
      return db
        .selectFrom('identity_links')
        .selectAll()
        .where('user_id', '=', userId)
        .where('issuer', '=', issuer)
        .orderBy('id')
        .execute();
    },

    /** Inside the transaction that creates the account, or on its own for a link. */
    async insertLink(row: Insertable<IdentityLinksTable>, q?: Tx) {
      await (q ?? db).insertInto('identity_links').values(row).execute();
    },

    /** Every identity of the member, of any issuer (another way in counts wherever it is). */
    countLinks: (userId: number): Promise<number> =>
      countWhere(db, 'identity_links', { user_id: userId }),

    deleteLink: (userId: number, id: number): Promise<boolean> =>
      deleteWhere(db, 'identity_links', { id, user_id: userId }),

    userById: (id: number): Promise<UserRow | undefined> => rowWhere(db, 'users', { id }),
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;

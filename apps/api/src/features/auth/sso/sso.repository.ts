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

    async findLink(issuer: string, subject: string): Promise<IdentityLinkRow | undefined> {
      return db
        .selectFrom('identity_links')
        .selectAll()
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst();
    },

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
    async countLinks(userId: number): Promise<number> {
      const row = await db
        .selectFrom('identity_links')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async deleteLink(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('identity_links')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async userById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;

import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  email: string;
  email_lower: string;
  password_hash: string;
  display_name: string | null;
  avatar_url: string | null;
  bio: string | null;
  is_public: number;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
  /** Moderation (0015): member | moderator | admin. */
  role: Generated<string>;
  suspended_at: string | null;
  /** Null with suspended_at set: suspended for good. */
  suspended_until: string | null;
  suspension_reason: string | null;
  /** 0034 (ADR 186): the member's language (en, de, es, fr, ja, ar); null: the browser's. */
  locale: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  user_agent: string | null;
  /** When the session last proved who holds it (0025, ADR 173): recent sign-in checks. */
  verified_at: string | null;
}

/** 0017: a member's time zone, new-episode e-mail mode and private iCal feed (ADR 160). */
export interface MemberPreferencesTable {
  user_id: number;
  /** IANA name; null until saved (the calendar then uses UTC). */
  time_zone: string | null;
  episode_alerts: Generated<string>;
  /** Episodes airing before this are never alerted (set when alerts are switched on). */
  alerts_from: string | null;
  /** SHA-256 of the feed secret; null when the member has no feed (or revoked it). */
  feed_secret_hash: string | null;
  feed_created_at: string | null;
  /** Random; the one-click unsubscribe link of alert e-mails (it can only switch alerts off). */
  unsubscribe_token: string | null;
  /** 0031: 1 hides unwatched episodes' titles, stills and summaries (ADR 181); on by default. */
  spoiler_protection: Generated<number>;
  updated_at: string;
}

export type UserRow = Selectable<UsersTable>;

export type NewUser = Insertable<UsersTable>;

export type UserUpdate = Updateable<UsersTable>;

export type SessionRow = Selectable<SessionsTable>;

/** One-time account tokens (0008-account): password resets and email confirmations. */
export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  /**
   * email-change-undo (ADR 150): `email` holds the address to restore. email-change (ADR 152):
   * `email` holds the new address, in force once the link is opened.
   */
  purpose: 'password-reset' | 'email-verification' | 'email-change' | 'email-change-undo';
  token_hash: string;
  email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type AccountTokenRow = Selectable<AccountTokensTable>;

/** A registration waiting for its address to be confirmed (0021, ADR 152). */
export interface PendingRegistrationsTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  email: string;
  email_lower: string;
  display_name: string | null;
  password_hash: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** 0034 (ADR 186): the language the registration was made in, or null. */
  locale: string | null;
}

export type PendingRegistrationRow = Selectable<PendingRegistrationsTable>;

// Single sign-on (0026-single-sign-on, ADR 174)
export interface IdentityLinksTable {
  id: Generated<number>;
  user_id: number;
  issuer: string;
  subject: string;
  email: string | null;
  created_at: string;
}

export type IdentityLinkRow = Selectable<IdentityLinksTable>;

export interface OidcFlowsTable {
  id: Generated<number>;
  state_hash: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  link_user_id: number | null;
  link_session_hash: string | null;
  /** `reauth`: confirms the session's holder (0029); null: a sign-in or a link. */
  purpose: 'reauth' | null;
  /** Where a `reauth` flow goes back to: a path of this site. */
  return_to: string | null;
  created_at: string;
  expires_at: string;
}

export type OidcFlowRow = Selectable<OidcFlowsTable>;

export interface OidcHandoffsTable {
  id: Generated<number>;
  code_hash: string;
  browser_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/** One row (id 1) once the site has its first administrator (0025, ADR 173). */
export interface SiteSetupTable {
  id: number;
  claimed_at: string;
}

/** A member's authenticator app (0025); confirmed_at null while enrolling. */
export interface TotpCredentialsTable {
  user_id: number;
  secret: string;
  confirmed_at: string | null;
  /** The last 30-second step accepted: a code is never accepted twice. */
  last_step: number | null;
  created_at: string;
}

export type TotpCredentialRow = Selectable<TotpCredentialsTable>;

export interface BackupCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url credential id. */
  credential_id: string;
  /** base64url COSE public key. */
  public_key: string;
  counter: number;
  /** JSON array of transports, or null. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type PasskeyRow = Selectable<PasskeysTable>;

/** Short-lived state of a sign-in waiting for its second factor or a WebAuthn ceremony. */
export interface AuthChallengesTable {
  id: Generated<number>;
  token_hash: string;
  purpose: string;
  user_id: number | null;
  challenge: string | null;
  user_agent: string | null;
  created_at: string;
  expires_at: string;
}

export type AuthChallengeRow = Selectable<AuthChallengesTable>;

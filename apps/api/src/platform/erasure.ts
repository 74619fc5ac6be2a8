import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';

/**
 * Deleting an account (the account feature) must leave every counter other features keep
 * exact: a deleted member's likes, follows and comments move counts on rows that stay. Each
 * feature that keeps such a counter, or rows that must go with the user, registers a step
 * here in the composition root; the account feature runs them all, in registration order,
 * inside the transaction that deletes the user row, before that row goes. Nothing outside this
 * registry knows which features hold user data.
 *
 * Files (avatars, pending import uploads: platform/storage.ts) cannot be rolled back, so their
 * steps (`registerFiles`) run after that transaction has committed (ADR 140).
 */
export type ErasureStep = (
  trx: Transaction<Database> | Kysely<Database>,
  userId: number,
) => Promise<void>;

/** Deletes a member's stored files; runs after the account's rows are gone. */
export type FileErasureStep = (userId: number) => Promise<void>;

export interface UserErasure {
  register(name: string, step: ErasureStep): void;
  registerFiles(name: string, step: FileErasureStep): void;
  /** Runs every step for `userId` inside `trx`. */
  run(trx: Transaction<Database> | Kysely<Database>, userId: number): Promise<void>;
  /**
   * Runs every file step for `userId` (after the commit). Each is tried even when another
   * fails; the failures come back (the account is gone either way: the caller logs them).
   */
  runFiles(userId: number): Promise<{ name: string; error: unknown }[]>;
  /** The registered step names, in order (tests and docs). */
  names(): string[];
}

export function createUserErasure(): UserErasure {
  const steps: { name: string; step: ErasureStep }[] = [];
  const fileSteps: { name: string; step: FileErasureStep }[] = [];
  const taken = (name: string) =>
    steps.some((s) => s.name === name) || fileSteps.some((s) => s.name === name);
  return {
    register(name, step) {
      if (taken(name)) throw new Error(`erasure step ${name} registered twice`);
      steps.push({ name, step });
    },
    registerFiles(name, step) {
      if (taken(name)) throw new Error(`erasure step ${name} registered twice`);
      fileSteps.push({ name, step });
    },
    async runFiles(userId) {
      const failed: { name: string; error: unknown }[] = [];
      for (const { name, step } of fileSteps) {
        await step(userId).catch((error: unknown) => failed.push({ name, error }));
      }
      return failed;
    },
    async run(trx, userId) {
      for (const { step } of steps) await step(trx, userId);
    },
    names: () => [...steps, ...fileSteps].map((s) => s.name),
  };
}

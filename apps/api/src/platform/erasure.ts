import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';

/**
 * Deleting an account (the account feature) must leave every counter other features keep
 * exact: a deleted member's likes, follows and comments move counts on rows that stay. Each
 * feature that keeps such a counter, or rows that must go with the user, registers a step
 * here in the composition root; the account feature runs them all, in registration order,
 * inside the transaction that deletes the user row, before that row goes. Nothing outside this
 * registry knows which features hold user data.
 */
export type ErasureStep = (
  trx: Transaction<Database> | Kysely<Database>,
  userId: number,
) => Promise<void>;

export interface UserErasure {
  register(name: string, step: ErasureStep): void;
  /** Runs every step for `userId` inside `trx`. */
  run(trx: Transaction<Database> | Kysely<Database>, userId: number): Promise<void>;
  /** The registered step names, in order (tests and docs). */
  names(): string[];
}

export function createUserErasure(): UserErasure {
  const steps: { name: string; step: ErasureStep }[] = [];
  return {
    register(name, step) {
      if (steps.some((s) => s.name === name))
        throw new Error(`erasure step ${name} registered twice`);
      steps.push({ name, step });
    },
    async run(trx, userId) {
      for (const { step } of steps) await step(trx, userId);
    },
    names: () => steps.map((s) => s.name),
  };
}

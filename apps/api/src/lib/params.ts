import { z } from 'zod';

/** Ids in URLs: positive integers that fit the database's integer column. */
export const idParam = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .min(1, 'Must be a positive id')
  .max(2_147_483_647, 'No such id');

export const limitParam = (def: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(def);
export const offsetParam = z.coerce.number().int().min(0).max(100_000).default(0);

/** A real calendar date, YYYY-MM-DD. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Not a real date');

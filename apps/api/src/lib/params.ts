import { z } from 'zod';
import { apiMessages as m } from './i18n/api-messages';

/** Ids in URLs: positive integers that fit the database's integer column. */
export const idParam = z.coerce
  .number({ error: m['validation.number'] })
  .int(m['validation.wholeNumber'])
  .min(1, m['validation.positiveId'])
  .max(2_147_483_647, m['validation.noSuchId']);

export const limitParam = (def: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(def);
export const offsetParam = z.coerce.number().int().min(0).max(100_000).default(0);

/** A real calendar date, YYYY-MM-DD. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m['validation.dateForm'])
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, m['validation.realDate']);

import { isApiError } from '@/lib/api-client';

/*
 * Shared by the screens that take an id from the URL. A module of its own, so that importing
 * them does not pull the show screen's chunk into the episode, list or review screens.
 */

/** A route id is a positive whole number; anything else is simply not a show. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

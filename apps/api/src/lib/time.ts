/** Timestamps are stored as ISO 8601 UTC text on both dialects. */
export const nowIso = (): string => new Date().toISOString();

export const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(iso) + days * 86_400_000).toISOString();

import { z } from 'zod';

/**
 * Spoiler protection (issue 29, ADR 181). Catalogue reads stay the same for everyone (and
 * cached); a member's spoiler state for a show is its own small read, so the web can hide and
 * reveal without asking for the episodes again.
 */
export const spoilerSettingsSchema = z.object({
  /** On by default; signed-out visitors are never protected. */
  protect: z.boolean(),
});
export type SpoilerSettings = z.infer<typeof spoilerSettingsSchema>;

export const updateSpoilerSettingsSchema = z.object({ protect: z.boolean() });

export const showSpoilersSchema = z.object({
  showId: z.number().int(),
  protect: z.boolean(),
  /** "Show spoilers for this show" is on (stored). */
  revealed: z.boolean(),
  /** The show's episodes this viewer has not reached: hide their titles, stills, summaries. */
  spoilerEpisodeIds: z.array(z.number().int()),
});
export type ShowSpoilers = z.infer<typeof showSpoilersSchema>;

export const updateShowSpoilersSchema = z.object({ revealed: z.boolean() });

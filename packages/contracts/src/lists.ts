import { z } from 'zod';
import { moderationStateSchema } from './moderation';

/** Community lists (spec §2, §3, §5, §7; issue 10). */
export const listLimits = {
  nameMax: 100,
  descriptionMax: 500,
  notesMax: 1000,
  /** Items accepted by one POST /lists (the request body limit is the real bound). */
  createItemsMax: 5000,
  /** Page sizes: index 12 (spec §9), items up to 100 per page. */
  pageDefault: 12,
  pageMax: 100,
  itemsPageDefault: 100,
  itemsPageMax: 100,
  /** Covers carried by each list on index pages. */
  covers: 4,
} as const;

export const listMessages = {
  nameRequired: 'List name is required',
  nameTooLong: `List name must be ${listLimits.nameMax} characters or less`,
  descriptionTooLong: `Description must be ${listLimits.descriptionMax} characters or less`,
  notesTooLong: 'Notes must be 1,000 characters or less',
  showIdInvalid: 'Pick a show from the catalogue',
  positionInvalid: 'Position must be a whole number, 1 or more',
  listNotFound: 'List not found',
  itemNotFound: 'List item not found',
  showNotOnList: 'This show is not on the list',
  showNotFound: 'Show not found',
  alreadyOnList: 'This show is already on the list',
  duplicateShows: 'A show can be on a list only once',
  reorderMismatch: 'itemIds must name every item of the list exactly once',
  notRanked: 'Only ranked lists can be reordered',
  ownList: 'You cannot follow your own list',
  nothingToChange: 'Nothing to change',
  failedToLoad: 'Failed to load lists',
  failedToLoadList: 'Failed to load list',
} as const;

export const listSorts = ['updated_at', 'created_at', 'item_count', 'followers', 'name'] as const;
export type ListSort = (typeof listSorts)[number];

const name = z
  .string({ error: listMessages.nameRequired })
  .trim()
  .min(1, listMessages.nameRequired)
  .max(listLimits.nameMax, listMessages.nameTooLong);
/** Trimmed; empty means none (stored as null, omitted). */
const description = z
  .string({ error: listMessages.descriptionTooLong })
  .trim()
  .max(listLimits.descriptionMax, listMessages.descriptionTooLong);
const notes = z
  .string({ error: listMessages.notesTooLong })
  .trim()
  .max(listLimits.notesMax, listMessages.notesTooLong);
const showId = z
  .number({ error: listMessages.showIdInvalid })
  .int(listMessages.showIdInvalid)
  .min(1, listMessages.showIdInvalid)
  .max(2_147_483_647, listMessages.showIdInvalid);
const position = z
  .number({ error: listMessages.positionInvalid })
  .int(listMessages.positionInvalid)
  .min(1, listMessages.positionInvalid)
  .max(1_000_000, listMessages.positionInvalid);

export const listItemInputSchema = z.object({
  showId,
  /** Where to put it (1 = first); absent: at the end. Clamped to 1..n+1. */
  position: position.optional(),
  notes: notes.optional(),
});
export type ListItemInput = z.infer<typeof listItemInputSchema>;

/** POST /lists: the list and, optionally, its items, created in one transaction. */
export const createListSchema = z.object({
  name,
  description: description.optional(),
  isPublic: z.boolean().default(true),
  isRanked: z.boolean().default(false),
  items: z.array(listItemInputSchema).max(listLimits.createItemsMax).optional(),
});
export type CreateList = z.infer<typeof createListSchema>;
export type CreateListInput = z.input<typeof createListSchema>;

export const updateListSchema = z
  .object({
    name: name.optional(),
    /** Empty or null clears it. */
    description: description.nullable().optional(),
    isPublic: z.boolean().optional(),
    isRanked: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: listMessages.nothingToChange,
  });
export type UpdateList = z.infer<typeof updateListSchema>;

export const updateListItemSchema = z
  .object({
    notes: notes.nullable().optional(),
    position: position.optional(),
  })
  .refine((v) => v.notes !== undefined || v.position !== undefined, {
    message: listMessages.nothingToChange,
  });
export type UpdateListItem = z.infer<typeof updateListItemSchema>;

export const reorderListSchema = z.object({
  itemIds: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(100_000),
});
export type ReorderList = z.infer<typeof reorderListSchema>;

export const duplicateListSchema = z.object({
  /** Absent: the original's name. */
  name: name.optional(),
});
export type DuplicateList = z.infer<typeof duplicateListSchema>;

export const listOwnerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

export const listCoverSchema = z.object({
  showId: z.number().int(),
  title: z.string(),
  coverImageUrl: z.string().nullable(),
});

/** A list as index pages, profiles and the detail page show it (spec §3 List). */
export const listSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isRanked: z.boolean(),
  isPublic: z.boolean(),
  itemCount: z.number().int(),
  followersCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: listOwnerSchema,
  /** Up to 4, in rank order (ranked lists) or newest first. */
  covers: z.array(listCoverSchema),
  /** Only on GET /lists/me?showId=: whether that show is on this list. */
  hasShow: z.boolean().optional(),
  /** Set when a moderator hid it (only its owner still gets it). */
  moderation: moderationStateSchema.nullable().optional(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

export const listDetailSchema = listSummarySchema.extend({
  /** Whether the signed-in viewer follows it (false when signed out). */
  isFollowing: z.boolean(),
});
export type ListDetail = z.infer<typeof listDetailSchema>;

export const listItemShowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  titleEnglish: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  episodes: z.number().int().nullable(),
  status: z.string(),
});

/** Spec §3 List item. */
export const listItemSchema = z.object({
  id: z.number().int(),
  listId: z.number().int(),
  showId: z.number().int(),
  /** 1..n on ranked lists; null on unranked ones (they show newest first). */
  position: z.number().int().nullable(),
  notes: z.string().nullable(),
  addedAt: z.string(),
  show: listItemShowSchema,
});
export type ListItem = z.infer<typeof listItemSchema>;

export const listFollowStateSchema = z.object({
  isFollowing: z.boolean(),
  followersCount: z.number().int(),
});
export type ListFollowState = z.infer<typeof listFollowStateSchema>;

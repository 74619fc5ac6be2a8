import { z } from 'zod';
import { pageSchema } from './common';

/**
 * Moderation (issue 21, ADR 151): reports members file, the moderators' queue, their actions
 * and the audit log. Roles and suspensions show on the signed-in member's own user.
 */
export const roles = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof roles)[number];

/** What members can report. `episode-review` is a review of one episode. */
export const reportItemTypes = ['review', 'episode-review', 'comment', 'list', 'profile'] as const;
export type ReportItemType = (typeof reportItemTypes)[number];

export const reportReasons = ['spam', 'abuse', 'spoilers', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam',
  abuse: 'Abuse or harassment',
  spoilers: 'Spoilers not marked',
  other: 'Other',
};

export const moderationActions = [
  'dismiss',
  'hide',
  'spoiler',
  'remove',
  'suspend',
  'unsuspend',
] as const;
export type ModerationAction = (typeof moderationActions)[number];

export const moderationLimits = {
  detailsMax: 500,
  reasonMax: 500,
  /** Reports per member per hour. */
  reportsPerHour: 20,
  suspensionDaysMax: 3650,
} as const;

export const moderationMessages = {
  reasonRequired: 'Choose a reason',
  detailsRequired: 'Say what is wrong',
  detailsTooLong: `Keep it under ${moderationLimits.detailsMax} characters`,
  actionReasonRequired: 'Say why (the author is told)',
  actionReasonTooLong: `Keep it under ${moderationLimits.reasonMax} characters`,
  daysInvalid: `Choose between 1 and ${moderationLimits.suspensionDaysMax} days, or for good`,
  itemNotFound: 'That item does not exist or is no longer visible',
  alreadyReported: 'You have already reported this; a moderator will look at it',
  ownItem: 'You cannot report your own content',
  tooManyReports: 'You have sent many reports in a short time. Try again later.',
  notModerator: 'Only moderators can do this',
  notApplicable: 'This action does not apply to this kind of item',
  suspended: 'Your account is suspended: you cannot post, like, follow or change anything',
  cannotModerateSelf: 'You cannot moderate your own account or content',
  cannotSuspendStaff: 'Moderators and admins cannot be suspended; remove the role first',
  reported: 'Thanks, a moderator will look at it',
  /** An action on an item with no open report, not sent from the item's own page (ADR 150). */
  notReported:
    'Nobody has reported this. Act on it from its own page, which files your report with the action.',
} as const;

/** Error codes of this area (the common ones live in common.ts). */
export const moderationErrorCodes = {
  suspended: 'ACCOUNT_SUSPENDED',
  alreadyReported: 'ALREADY_REPORTED',
  notReported: 'NOT_REPORTED',
} as const;

const id = z.number().int().min(1).max(2_147_483_647);

export const createReportSchema = z
  .object({
    itemType: z.enum(reportItemTypes, { error: moderationMessages.itemNotFound }),
    itemId: id,
    reason: z.enum(reportReasons, { error: moderationMessages.reasonRequired }),
    details: z
      .string()
      .trim()
      .max(moderationLimits.detailsMax, moderationMessages.detailsTooLong)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.details) {
      ctx.addIssue({
        code: 'custom',
        path: ['details'],
        message: moderationMessages.detailsRequired,
      });
    }
  });
export type CreateReport = z.infer<typeof createReportSchema>;

export const reportCreatedSchema = z.object({
  id: z.number().int(),
  itemType: z.enum(reportItemTypes),
  itemId: z.number().int(),
  reason: z.enum(reportReasons),
  createdAt: z.string(),
});

/** What a moderator decides. `suspendDays: null` suspends for good. */
export const moderationActionSchema = z
  .object({
    action: z.enum(moderationActions),
    reason: z
      .string({ error: moderationMessages.actionReasonRequired })
      .trim()
      .min(1, moderationMessages.actionReasonRequired)
      .max(moderationLimits.reasonMax, moderationMessages.actionReasonTooLong),
    suspendDays: z
      .number({ error: moderationMessages.daysInvalid })
      .int(moderationMessages.daysInvalid)
      .min(1, moderationMessages.daysInvalid)
      .max(moderationLimits.suspensionDaysMax, moderationMessages.daysInvalid)
      .nullable()
      .optional(),
    /** With `suspend`: also hide every public thing the author wrote, in the same step. */
    hideContent: z.boolean().optional(),
    /**
     * Sent from the item's own page rather than the queue: with no open report on the item,
     * the moderator's own report (reason `other`, the action's reason as details) is filed
     * and resolved with the action. Without it, an unreported item answers 409 NOT_REPORTED.
     */
    fromItemPage: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'suspend' && v.suspendDays === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['suspendDays'],
        message: moderationMessages.daysInvalid,
      });
    }
  });
export type ModerationActionBody = z.infer<typeof moderationActionSchema>;

const personRef = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
});

/** Shown on an item to its author (others never get a hidden item). */
export const moderationStateSchema = z.object({
  state: z.enum(['hidden', 'removed']),
  reason: z.string().nullable(),
});
export type ModerationState = z.infer<typeof moderationStateSchema>;

/** One reported item in the queue, with every open report on it. */
export const queueItemSchema = z.object({
  itemType: z.enum(reportItemTypes),
  itemId: z.number().int(),
  author: personRef.extend({
    role: z.enum(roles),
    suspended: z.boolean(),
  }),
  /** The reported text (a profile: its display name and bio); null when it is gone. */
  title: z.string().nullable(),
  text: z.string().nullable(),
  isSpoiler: z.boolean(),
  state: z.enum(['visible', 'hidden', 'removed', 'deleted']),
  /** Where it sits: "Comment on Jo's review of Severance", with a link to the page. */
  context: z.string(),
  link: z.string().nullable(),
  /** Actions that apply to this kind of item. */
  actions: z.array(z.enum(moderationActions)),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reason: z.enum(reportReasons),
      details: z.string().nullable(),
      reporter: personRef,
      createdAt: z.string(),
    }),
  ),
  firstReportedAt: z.string(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;
export const queuePageSchema = pageSchema(queueItemSchema);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(moderationActions),
  itemType: z.enum(reportItemTypes),
  itemId: z.number().int(),
  moderator: personRef.nullable(),
  author: personRef.nullable(),
  reason: z.string(),
  /** Suspensions: until when; null for good. */
  until: z.string().nullable(),
  /** Suspensions with hideContent: how many public things were hidden. */
  hiddenCount: z.number().int(),
  /** Open reports on the item this action closed. */
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);

export const actionResultSchema = z.object({
  entry: auditEntrySchema,
  /** Open reports on the item this action resolved. */
  resolvedReports: z.number().int(),
});
export type ActionResult = z.infer<typeof actionResultSchema>;

/** The signed-in member's suspension, when one is in force. */
export const suspensionSchema = z.object({
  reason: z.string().nullable(),
  /** Null: for good. */
  until: z.string().nullable(),
});
export type Suspension = z.infer<typeof suspensionSchema>;

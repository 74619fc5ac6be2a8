import type { ModerationAction, ReportItemType } from '@series-tracker/contracts';
import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';

/** The moderation page's words for each action: its button, and the toast once it is done. */
export const actionLabels: Record<ModerationAction, MessageDescriptor> = defineMessages({
  dismiss: { id: 'moderation.actionDismiss', defaultMessage: 'Dismiss' },
  hide: { id: 'moderation.actionHide', defaultMessage: 'Hide' },
  spoiler: { id: 'moderation.actionSpoiler', defaultMessage: 'Mark as spoiler' },
  remove: { id: 'moderation.actionRemove', defaultMessage: 'Remove' },
  suspend: { id: 'moderation.actionSuspend', defaultMessage: 'Suspend author' },
  unsuspend: { id: 'moderation.actionUnsuspend', defaultMessage: 'Lift suspension' },
});

export const doneToasts: Record<ModerationAction, MessageDescriptor> = defineMessages({
  dismiss: { id: 'moderation.doneDismiss', defaultMessage: 'Done: dismiss.' },
  hide: { id: 'moderation.doneHide', defaultMessage: 'Done: hide.' },
  spoiler: { id: 'moderation.doneSpoiler', defaultMessage: 'Done: mark as spoiler.' },
  remove: { id: 'moderation.doneRemove', defaultMessage: 'Done: remove.' },
  suspend: { id: 'moderation.doneSuspend', defaultMessage: 'Done: suspend author.' },
  unsuspend: { id: 'moderation.doneUnsuspend', defaultMessage: 'Done: lift suspension.' },
});

/**
 * The audit log's sentence per action: who did it to which item, by whom the item was, and
 * for a suspension until when and how much it hid.
 */
export const auditSentences: Record<ModerationAction, MessageDescriptor> = defineMessages({
  dismiss: {
    id: 'moderation.auditDismiss',
    defaultMessage:
      '<who>{moderator}</who> dismissed the reports on {item}{hasAuthor, select, yes { by @{author}} other {}}',
  },
  hide: {
    id: 'moderation.auditHide',
    defaultMessage:
      '<who>{moderator}</who> hid {item}{hasAuthor, select, yes { by @{author}} other {}}',
  },
  spoiler: {
    id: 'moderation.auditSpoiler',
    defaultMessage:
      '<who>{moderator}</who> marked as spoiler {item}{hasAuthor, select, yes { by @{author}} other {}}',
  },
  remove: {
    id: 'moderation.auditRemove',
    defaultMessage:
      '<who>{moderator}</who> removed {item}{hasAuthor, select, yes { by @{author}} other {}}',
  },
  suspend: {
    id: 'moderation.auditSuspend',
    defaultMessage:
      '<who>{moderator}</who> suspended {item}{hasAuthor, select, yes { by @{author}} other {}}{ends, select, never { for good} other { until {date}}}{hidden, plural, =0 {} one { (# thing hidden)} other { (# things hidden)}}',
  },
  unsuspend: {
    id: 'moderation.auditUnsuspend',
    defaultMessage:
      '<who>{moderator}</who> lifted the suspension of {item}{hasAuthor, select, yes { by @{author}} other {}}',
  },
});

/** "review #12": the kind of item and its number, as the audit log names it. */
export const auditItem: MessageDescriptor = defineMessage({
  id: 'moderation.auditItem',
  defaultMessage:
    '{type, select, review {review} episode_review {episode review} comment {comment} list {list} other {profile}} #{id}',
});

/** ICU select keys cannot hold a hyphen: 'episode-review' is 'episode_review' in messages. */
export const itemTypeKey = (type: ReportItemType) => type.replace('-', '_');

export const reportTitles: Record<ReportItemType, MessageDescriptor> = defineMessages({
  review: { id: 'moderation.reportReview', defaultMessage: 'Report this review' },
  'episode-review': {
    id: 'moderation.reportEpisodeReview',
    defaultMessage: 'Report this episode review',
  },
  comment: { id: 'moderation.reportComment', defaultMessage: 'Report this comment' },
  list: { id: 'moderation.reportList', defaultMessage: 'Report this list' },
  profile: { id: 'moderation.reportProfile', defaultMessage: 'Report this profile' },
});

export const moderationWords: Record<'cancel' | 'saving', MessageDescriptor> = defineMessages({
  cancel: { id: 'moderation.cancel', defaultMessage: 'Cancel' },
  saving: { id: 'moderation.saving', defaultMessage: 'Saving...' },
});

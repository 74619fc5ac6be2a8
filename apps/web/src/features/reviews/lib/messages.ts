import { defineMessages, type MessageDescriptor } from 'react-intl';

/** Words several review screens share (the feed, a show's tab, an episode's list). */
const words = defineMessages({
  loadingReviews: { id: 'reviews.loading', defaultMessage: 'Loading reviews' },
  loadMore: { id: 'reviews.loadMore', defaultMessage: 'Load More Reviews' },
  loadingMore: { id: 'reviews.loadingMore', defaultMessage: 'Loading more reviews...' },
  likes: { id: 'reviews.likesLabel', defaultMessage: 'Likes:' },
  comments: { id: 'reviews.commentsLabel', defaultMessage: 'Comments:' },
  loadFailedTitle: { id: 'reviews.loadFailedTitle', defaultMessage: 'Could not load reviews' },
  loadFailed: {
    id: 'reviews.loadFailed',
    defaultMessage: 'Failed to load reviews. Please try again.',
  },
  writeReview: { id: 'reviews.writeCrumb', defaultMessage: 'Write Review' },
  notFound: {
    id: 'reviews.notFoundText',
    defaultMessage: "The review you're looking for doesn't exist or has been removed.",
  },
  backToReviews: { id: 'reviews.backToReviews', defaultMessage: 'Back to Reviews' },
  loadError: { id: 'reviews.loadErrorTitle', defaultMessage: 'Error Loading Review' },
  noneFound: { id: 'reviews.noneFound', defaultMessage: 'No reviews found' },
  writeEpisodeReview: { id: 'reviews.writeEpisodeReview', defaultMessage: 'Write Episode Review' },
  notFoundBack: {
    id: 'reviews.notFoundBack',
    defaultMessage:
      "The review you're looking for doesn't exist or has been removed. <link>Back to Reviews</link>",
  },
  beFirst: { id: 'reviews.beFirst', defaultMessage: 'Be the First to Review' },
  cancel: { id: 'reviews.cancel', defaultMessage: 'Cancel' },
  delete: { id: 'reviews.delete', defaultMessage: 'Delete' },
  discardDraft: { id: 'reviews.discardDraft', defaultMessage: 'Discard draft' },
  rating: { id: 'reviews.rating', defaultMessage: 'Rating' },
  saveChanges: { id: 'reviews.saveChanges', defaultMessage: 'Save Changes' },
  saving: { id: 'reviews.saving', defaultMessage: 'Saving...' },
  reasonSentence: { id: 'reviews.reasonSentence', defaultMessage: '{reason}.' },
  deleting: { id: 'reviews.deleting', defaultMessage: 'Deleting...' },
  likeFailed: {
    id: 'reviews.likeFailed',
    defaultMessage: 'Could not update your like: {reason}.',
  },
});

export const reviewWords: Record<keyof typeof words, MessageDescriptor> = words;

import type { Comment, Review } from '@series-tracker/contracts';

let next = 100;

export function buildReview(overrides: Partial<Review> = {}): Review {
  const id = overrides.id ?? next++;
  return {
    id,
    title: `Review ${id}`,
    content: 'A considered opinion about the show.',
    rating: 7.5,
    createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    updatedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    userId: 2,
    user: { id: 2, username: 'bob', displayName: 'Bob Builder', avatarUrl: null },
    showId: 7,
    show: { id: 7, title: 'Slow Horses', coverImageUrl: null },
    showName: 'Slow Horses',
    imageUrl: null,
    likesCount: 0,
    commentsCount: 0,
    isSpoiler: false,
    isPublic: true,
    ...overrides,
  };
}

export function buildComment(overrides: Partial<Comment> = {}): Comment {
  const id = overrides.id ?? next++;
  return {
    id,
    reviewId: 1,
    parentId: null,
    content: `Comment ${id}`,
    isDeleted: false,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    user: { id: 3, username: 'carol', displayName: null, avatarUrl: null },
    likesCount: 0,
    isLikedByUser: false,
    repliesCount: 0,
    replies: [],
    ...overrides,
  };
}

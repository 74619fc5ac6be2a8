/**
 * Moved to features/auth/hooks/use-require-sign-in (issue 30). This re-export keeps the two
 * routes another branch is splitting (list.tsx, write-review.tsx) building until they switch.
 */
export { loginPathFor, useRequireSignIn } from '@/features/auth/hooks/use-require-sign-in';

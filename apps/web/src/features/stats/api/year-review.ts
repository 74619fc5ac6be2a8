import type { YearReview } from '@series-tracker/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { browserTimeZone } from '@/features/calendar/api/calendar';
import { api } from '@/lib/api-client';

export const yearReviewKeys = {
  mine: (year: number) => ['people', 'year', 'me', year] as const,
  member: (username: string, year: number) =>
    ['people', 'year', username.toLowerCase(), year] as const,
};

/** The signed-in member's year (their saved time zone, else this device's). */
export function useMyYear(year: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: yearReviewKeys.mine(year),
    queryFn: ({ signal }) =>
      api.get<YearReview>(`/users/me/year/${year}`, {
        params: { tz: browserTimeZone() },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A member's year as their profile allows (404 when private to this viewer). */
export function useMemberYear(username: string, year: number) {
  return useQuery({
    queryKey: yearReviewKeys.member(username, year),
    queryFn: ({ signal }) =>
      api.get<YearReview>(`/users/username/${encodeURIComponent(username)}/year/${year}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The public address of a member's year: what Share hands out. */
export const yearPath = (username: string, year: number) =>
  `/profile/${encodeURIComponent(username)}/year/${year}`;

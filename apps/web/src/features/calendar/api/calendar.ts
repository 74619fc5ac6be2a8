import type {
  CalendarFeed,
  CalendarResponse,
  CalendarSettings,
  UpdateCalendarSettings,
  WatchStatus,
} from '@series-tracker/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '@/lib/api-client';

export const calendarKeys = {
  all: ['calendar'] as const,
  range: (from: string, to: string, statuses: readonly string[]) =>
    ['calendar', 'range', from, to, statuses.join(',')] as const,
  settings: ['calendar', 'settings'] as const,
};

export function getCalendarQueryOptions(
  from: string,
  to: string,
  statuses: readonly WatchStatus[],
) {
  return queryOptions({
    queryKey: calendarKeys.range(from, to, statuses),
    queryFn: ({ signal }) =>
      api.get<CalendarResponse>('/calendar', {
        params: { from, to, ...(statuses.length ? { status: statuses.join(',') } : {}) },
        signal,
      }),
    // Last month's data stays on screen while the next one loads.
    placeholderData: (previous) => previous,
  });
}

export const useCalendar = (from: string, to: string, statuses: readonly WatchStatus[]) =>
  useQuery(getCalendarQueryOptions(from, to, statuses));

export function useCalendarSettings() {
  return useQuery({
    queryKey: calendarKeys.settings,
    queryFn: ({ signal }) => api.get<CalendarSettings>('/calendar/settings', { signal }),
  });
}

export function useUpdateCalendarSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCalendarSettings) =>
      api.put<CalendarSettings>('/calendar/settings', body),
    onSuccess: (settings) => {
      client.setQueryData(calendarKeys.settings, settings);
      // Days move with the time zone.
      void client.invalidateQueries({ queryKey: ['calendar', 'range'] });
    },
  });
}

export function useCreateFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>('/calendar/feed'),
    onSuccess: () => void client.invalidateQueries({ queryKey: calendarKeys.settings }),
  });
}

export function useRevokeFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>('/calendar/feed'),
    onSuccess: () => void client.invalidateQueries({ queryKey: calendarKeys.settings }),
  });
}

/** The browser's IANA time zone ('UTC' when it does not say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * On a member's first visit (no time zone saved yet) their browser's time zone is saved, once,
 * so the calendar and digests use their days; settings can change it afterwards.
 */
export function useAdoptBrowserTimeZone(settings: CalendarSettings | undefined) {
  const update = useUpdateCalendarSettings();
  const asked = useRef(false);
  useEffect(() => {
    if (!settings || settings.timeZone !== null || asked.current) return;
    asked.current = true;
    update.mutate({ timeZone: browserTimeZone() });
  }, [settings, update]);
}

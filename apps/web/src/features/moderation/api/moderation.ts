import type {
  ActionResult,
  AuditEntry,
  CreateReport,
  ModerationActionBody,
  Page,
  QueueItem,
  ReportItemType,
} from '@series-tracker/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: () => ['moderation', 'queue'] as const,
  audit: () => ['moderation', 'audit'] as const,
};

export const queueQueryOptions = () =>
  queryOptions({
    queryKey: moderationKeys.queue(),
    queryFn: ({ signal }) =>
      api.get<Page<QueueItem>>('/moderation/reports', { params: { limit: 50 }, signal }),
  });

export const auditQueryOptions = () =>
  queryOptions({
    queryKey: moderationKeys.audit(),
    queryFn: ({ signal }) =>
      api.get<Page<AuditEntry>>('/moderation/actions', { params: { limit: 20 }, signal }),
  });

export const useQueue = (enabled: boolean) => useQuery({ ...queueQueryOptions(), enabled });
export const useAudit = (enabled: boolean) => useQuery({ ...auditQueryOptions(), enabled });

/** POST /moderation/reports. */
export function useReport() {
  return useMutation({
    mutationFn: (body: CreateReport) => api.post<{ id: number }>('/moderation/reports', body),
  });
}

/** One moderator decision; the queue and the log are read again, and every page of content. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      itemType,
      itemId,
      body,
    }: {
      itemType: ReportItemType;
      itemId: number;
      body: ModerationActionBody;
    }) => api.post<ActionResult>(`/moderation/items/${itemType}/${itemId}/actions`, body),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

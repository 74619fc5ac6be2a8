import type { ApplyRow, HeldPage, Import, ImportSource, Page } from '@series-tracker/contracts';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { trackingKeys } from '@/features/tracking/api/tracking-keys';
import { intl } from '@/i18n';
import { api, ApiError, API_BASE_URL, defaultErrorMessage } from '@/lib/api-client';
import { getStoredToken } from '@/lib/token-storage';

export const importsKeys = {
  all: ['imports'] as const,
  list: () => ['imports', 'list'] as const,
  one: (id: string) => ['imports', 'one', id] as const,
  held: (offset: number) => ['imports', 'held', offset] as const,
};

export const heldPageSize = 10;

/** GET /api/imports/held: the member's held history per show, a page at a time. */
export function useHeld(offset: number) {
  return useQuery({
    queryKey: importsKeys.held(offset),
    queryFn: ({ signal }) =>
      api.get<HeldPage>('/imports/held', { params: { limit: heldPageSize, offset }, signal }),
    placeholderData: (previous) => previous,
  });
}

/**
 * Names of the sources, as the report and the source picker show them: the contracts' English
 * (`contractText` shows them in the interface's language).
 */
export const importSourceLabels: Record<ImportSource, string> = {
  trakt: 'Trakt export (ZIP)',
  tvtime: 'TV Time GDPR export',
  mal: 'MyAnimeList XML',
  imdb: 'IMDb CSV',
  simkl: 'Simkl backup (JSON)',
  'series-tracker': 'Series Tracker export (JSON)',
};

export const importMaxBytes = 200 * 1024 * 1024;

async function errorOf(response: Response): Promise<ApiError> {
  let body: { error?: unknown; code?: unknown } | null = null;
  try {
    body = (await response.json()) as { error?: unknown; code?: unknown };
  } catch {
    body = null;
  }
  const message = typeof body?.error === 'string' ? body.error : undefined;
  return new ApiError({
    message: message ?? defaultErrorMessage(),
    status: response.status,
    code: typeof body?.code === 'string' ? body.code : undefined,
    fromServer: Boolean(message),
  });
}

/** fetch itself failed: the API client's own words for it, in the interface's language. */
function unreachable(): ApiError {
  return new ApiError({
    message: intl().formatMessage({
      id: 'api.unreachable',
      defaultMessage: 'Unable to reach the server. Check your connection and try again.',
    }),
  });
}

function authHeaders(): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** POST /api/imports as multipart form data (the JSON client cannot send a file). */
export async function uploadImport(
  file: File,
  source: ImportSource | null,
): Promise<{ id: string }> {
  const form = new FormData();
  if (source) form.append('source', source);
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}/imports`, {
      method: 'POST',
      headers: authHeaders(),
      body: form,
    });
  } catch {
    throw unreachable();
  }
  if (!response.ok) throw await errorOf(response);
  return (await response.json()) as { id: string };
}

export function importQueryOptions(id: string) {
  return queryOptions({
    queryKey: importsKeys.one(id),
    queryFn: ({ signal }) => api.get<Import>(`/imports/${id}`, { signal }),
    // Polls while the job works; stops once it is done or failed.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 700;
    },
  });
}

export function useImport(id: string | null) {
  return useQuery({ ...importQueryOptions(id ?? ''), enabled: id !== null });
}

export function useImports() {
  return useQuery({
    queryKey: importsKeys.list(),
    queryFn: ({ signal }) => api.get<Page<Import>>('/imports', { params: { limit: 20 }, signal }),
  });
}

/** After an import or a fixed row, the watchlist, progress and past imports are stale. */
export function refreshAfterImport(client: QueryClient) {
  void client.invalidateQueries({ queryKey: importsKeys.list() });
  void client.invalidateQueries({ queryKey: ['imports', 'held'] });
  void client.invalidateQueries({ queryKey: trackingKeys.all });
}

export function useApplyRow(importId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ index, showId }: { index: number } & ApplyRow) =>
      api.post<Import>(`/imports/${importId}/rows/${index}`, { showId }),
    onSuccess: (updated) => {
      client.setQueryData(importsKeys.one(importId), updated);
      refreshAfterImport(client);
    },
  });
}

/** Downloads the export with the member's token, then hands it to the browser as a file. */
export async function downloadExport(format: 'json' | 'csv'): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}/users/me/export?format=${format}`, {
      headers: authHeaders(),
    });
  } catch {
    throw unreachable();
  }
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name =
    /filename="([^"]+)"/.exec(disposition)?.[1] ??
    `series-tracker.${format === 'csv' ? 'zip' : 'json'}`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

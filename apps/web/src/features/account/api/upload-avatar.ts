import type { CurrentUser } from '@series-tracker/contracts';
import { intl } from '@/i18n';
import { API_BASE_URL, ApiError, defaultErrorMessage } from '@/lib/api-client';
import { getStoredToken } from '@/lib/token-storage';

/** The refusal of a file over the size limit, here or by the server (413). */
export const imageTooLarge = () =>
  intl().formatMessage({
    id: 'account.imageTooLarge',
    defaultMessage: 'The image must be 5 MB or smaller',
  });

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * POST /users/me/avatar as multipart (field `file`) through XMLHttpRequest, because fetch
 * reports no upload progress (spec §7, §9: upload with progress). Fails with an ApiError
 * shaped like every other call's.
 */
export function uploadAvatar(
  file: Blob,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<CurrentUser> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_URL}/users/me/avatar`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.timeout = 60_000;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      const record =
        typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      if (xhr.status >= 200 && xhr.status < 300 && record.user) {
        resolve(record.user as CurrentUser);
        return;
      }
      const message = typeof record.error === 'string' ? record.error : undefined;
      reject(
        new ApiError({
          message: message ?? (xhr.status === 413 ? imageTooLarge() : defaultErrorMessage()),
          status: xhr.status || undefined,
          code: typeof record.code === 'string' ? record.code : undefined,
          fromServer: Boolean(message),
        }),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError({
          message: intl().formatMessage({
            id: 'account.uploadUnreachable',
            defaultMessage: 'Unable to reach the server. Check your connection and try again.',
          }),
          code: 'NETWORK_ERROR',
        }),
      );
    xhr.ontimeout = () =>
      reject(
        new ApiError({
          message: intl().formatMessage({
            id: 'account.uploadTimeout',
            defaultMessage: 'The upload took too long. Please try again.',
          }),
          code: 'TIMEOUT',
        }),
      );
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

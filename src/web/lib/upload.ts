import type { ApiErrorBody } from '@/shared/errors';
import type { MediaView } from '@/shared/schemas/tasks';
import { ApiError } from './api';

/**
 * Uploads a file as a raw body with XMLHttpRequest, the one browser API that reports upload progress.
 * Resolves to the stored media; rejects with the server's message.
 */
export function uploadMedia(
  kind: 'photo' | 'audio',
  blob: Blob,
  params: { partnerId: string; durationMs?: number },
  onProgress?: (fraction: number) => void,
): Promise<MediaView> {
  const query = new URLSearchParams({ partnerId: params.partnerId });
  if (params.durationMs !== undefined) query.set('durationMs', String(Math.round(params.durationMs)));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/media/${kind}?${query}`);
    xhr.setRequestHeader('Content-Type', blob.type || (kind === 'photo' ? 'image/jpeg' : 'audio/webm'));
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { media?: MediaView } & Partial<ApiErrorBody>;
      if (xhr.status === 201 && body?.media) resolve(body.media);
      else
        reject(
          new ApiError(xhr.status, body?.error?.code ?? 'INTERNAL', body?.error?.message ?? 'Upload failed'),
        );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'Cannot reach Pact. Check your connection and try again.'));
    xhr.send(blob);
  });
}

/**
 * Stands in for the id of a file that a form uploads only once everything else is valid, so that the shared
 * schema (which requires the id) can check the whole form first. It never reaches the server.
 */
export const PENDING_UPLOAD_ID = '00000000-0000-4000-8000-000000000000';

export const mediaUrl = (id: string) => `/api/media/${id}`;

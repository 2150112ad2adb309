import type { ApiErrorBody } from '@/shared/errors';
import type { MediaView } from '@/shared/schemas/tasks';
import type { ProofKeep } from '@/shared/texts/media';
import { ApiError } from './api';

/**
 * Sends a file as a raw body with XMLHttpRequest, the one browser API that reports upload progress.
 * Resolves to the answer's JSON when its status is `okStatus`; rejects with the server's message.
 */
export function postRawBody<T>(
  url: string,
  blob: Blob,
  opts: { contentType: string; okStatus: number; onProgress?: (fraction: number) => void },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Content-Type', opts.contentType);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) opts.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as T & Partial<ApiErrorBody>;
      if (xhr.status === opts.okStatus && body && !body.error) resolve(body);
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

/** Uploads a photo or voice note for the pair with `partnerId`; resolves to the stored media. */
export async function uploadMedia(
  kind: 'photo' | 'audio',
  blob: Blob,
  params: { partnerId: string; durationMs?: number; keep?: ProofKeep },
  onProgress?: (fraction: number) => void,
): Promise<MediaView> {
  const query = new URLSearchParams({ partnerId: params.partnerId });
  if (params.durationMs !== undefined) query.set('durationMs', String(Math.round(params.durationMs)));
  // How long the sender keeps it (decision 076); absent, until they delete it.
  if (params.keep) query.set('keep', params.keep);
  const body = await postRawBody<{ media: MediaView }>(`/api/media/${kind}?${query}`, blob, {
    contentType: blob.type || (kind === 'photo' ? 'image/jpeg' : 'audio/webm'),
    okStatus: 201,
    onProgress,
  });
  return body.media;
}

/**
 * Stands in for the id of a file that a form uploads only once everything else is valid, so that the shared
 * schema (which requires the id) can check the whole form first. It never reaches the server.
 */
export const PENDING_UPLOAD_ID = '00000000-0000-4000-8000-000000000000';

export const mediaUrl = (id: string) => `/api/media/${id}`;

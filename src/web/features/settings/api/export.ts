import type { ApiErrorBody } from '@/shared/errors';
import { ApiError } from '@/web/lib/api';

export interface ExportProgress {
  received: number;
  /** The archive's length when the answer states it; a streamed archive usually does not. */
  total: number | null;
}

const fileNameOf = (disposition: string | null) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'pact-export.zip';

/**
 * Downloads the archive of the user's data, reporting the bytes as they arrive, then hands it to the
 * browser to save. Resolves to the file's name; rejects with the server's message.
 */
export async function downloadExport(onProgress: (progress: ExportProgress) => void) {
  let response: Response;
  try {
    response = await fetch('/api/me/export', { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Cannot reach Pact. Check your connection and try again.');
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'INTERNAL',
      body?.error?.message ?? 'An unexpected error occurred',
    );
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress({ received, total });
  }
  const name = fileNameOf(response.headers.get('content-disposition'));
  const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The browser has taken the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}

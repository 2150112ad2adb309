import { useCallback, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { ApiError } from './api';
import { uploadMedia } from './upload';

type UploadParams = Parameters<typeof uploadMedia>;

/**
 * Uploads a photo or voice note with progress: `progress` runs from 0 to 1 during an upload and is null
 * otherwise. `upload` resolves to the stored media and rejects with an ApiError carrying the server's message;
 * what a failure means (stop, or go on without the file) is the caller's decision.
 */
export function useMediaUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useCallback(async (kind: UploadParams[0], blob: Blob, params: UploadParams[2]) => {
    setProgress(0);
    try {
      return await uploadMedia(kind, blob, params, setProgress);
    } finally {
      setProgress(null);
    }
  }, []);
  return { upload, progress, uploading: progress !== null };
}

/**
 * The toast for a failed upload ('Photo upload failed', 'Audio upload failed'), with the server's reason;
 * `retry` offers a button (choosing another file needs the user's own click).
 */
export function toastUploadFailed(
  title: string,
  error: unknown,
  retry?: { label: string; onClick: () => void },
) {
  toast.error(title, {
    description: error instanceof ApiError ? error.message : undefined,
    ...(retry ? { action: retry, duration: 10_000 } : {}),
  });
}

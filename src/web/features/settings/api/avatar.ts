import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@/shared/schemas/accounts';
import type { AvatarView } from '@/shared/schemas/avatars';
import { AVATAR_MAX_BYTES, AVATAR_TEXT } from '@/shared/texts/avatars';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { postRawBody } from '@/web/lib/upload';

/**
 * What the browser can tell before sending (the server decides by the bytes): an image type, under 5 MB.
 * Returns the spec's message, or null when the file may go.
 */
export function checkAvatarFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return AVATAR_TEXT.notAnImage;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TEXT.tooLarge;
  return null;
}

/** The signed-in user's cached view takes the new address at once; the server's answer follows. */
function useSetPhoto() {
  const queryClient = useQueryClient();
  return (photoURL: string | null) => {
    queryClient.setQueryData<CurrentUser | null>(queryKeys.me, (me) => (me ? { ...me, photoURL } : me));
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };
}

export function useUploadAvatar(onProgress: (fraction: number) => void) {
  const setPhoto = useSetPhoto();
  return useMutation({
    mutationFn: (file: File) =>
      postRawBody<AvatarView>('/api/me/avatar', file, {
        contentType: file.type || 'application/octet-stream',
        okStatus: 200,
        onProgress,
      }),
    onSuccess: (view) => setPhoto(view.photoURL),
  });
}

export function useRemoveAvatar() {
  const setPhoto = useSetPhoto();
  return useMutation({
    mutationFn: () => unwrap(api.api.me.avatar.$delete()),
    onSuccess: (view) => setPhoto(view.photoURL),
  });
}

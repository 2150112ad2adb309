import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { AVATAR_TEXT } from '@/shared/texts/avatars';
import { Avatar } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { UploadProgress } from '@/web/components/ui/upload-progress';
import { errorMessage } from '@/web/lib/api';
import { useCurrentUser } from '@/web/lib/current-user';
import { toast } from '@/web/lib/toast';
import { checkAvatarFile, useRemoveAvatar, useUploadAvatar } from '../api/avatar';

/** A file chosen and shown before it is sent. */
interface Chosen {
  file: File;
  preview: string;
}

/**
 * "Profile picture": choose an image, see it, save it (with upload progress) or remove the current one.
 * The server re-encodes it square without metadata; partners see the change live.
 */
export function ProfilePictureSection() {
  const user = useCurrentUser();
  const ids = { title: useId(), hint: useId(), error: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadAvatar(setProgress);
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  // The preview's object URL is released when it is replaced or the section goes.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    setError(problem);
    if (problem) {
      setChosen(null);
      toast.error(problem, { duration: 3000 });
      return;
    }
    setChosen({ file, preview: URL.createObjectURL(file) });
  };

  const save = () => {
    if (!chosen) return;
    setProgress(0);
    upload.mutate(chosen.file, {
      onSuccess: () => {
        setChosen(null);
        toast.success(AVATAR_TEXT.uploaded, { duration: 2000 });
      },
      onError: (e) => {
        setError(errorMessage(e));
        toast.error(AVATAR_TEXT.uploadFailed, { description: errorMessage(e) });
      },
      onSettled: () => setProgress(null),
    });
  };

  const removePicture = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setError(null);
        toast.success(AVATAR_TEXT.removed, { duration: 2000 });
      },
      onError: (e) => toast.error(AVATAR_TEXT.removeFailed, { description: errorMessage(e) }),
    });

  return (
    <Card aria-labelledby={ids.title} data-testid="profile-picture-section">
      <h2 id={ids.title} className="text-lg font-semibold">
        Profile picture
      </h2>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar
          name={user.displayName}
          src={chosen?.preview ?? user.photoURL}
          size={88}
          alt={chosen ? 'Preview of your new profile picture' : 'Your profile picture'}
        />
        <div className="min-w-0 flex-1 space-y-3">
          <p id={ids.hint} className="text-sm text-muted-foreground">
            {AVATAR_TEXT.hint}
          </p>
          <input
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            data-testid="avatar-input"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          {chosen ? (
            <div className="flex flex-wrap gap-2">
              <Button onClick={save} disabled={busy}>
                <ImageUp className="h-4 w-4" aria-hidden />
                Save picture
              </Button>
              <Button variant="outline" onClick={() => setChosen(null)} disabled={busy}>
                Cancel
              </Button>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => input.current?.click()}
                disabled={busy}
                aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
              >
                <ImageUp className="h-4 w-4" aria-hidden />
                {user.photoURL ? 'Change picture' : 'Upload picture'}
              </Button>
              {user.photoURL ? (
                <Button variant="ghost" onClick={removePicture} disabled={busy}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                  Remove
                </Button>
              ) : null}
            </div>
          )}
          {error ? (
            <p id={ids.error} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <UploadProgress progress={progress} label="Uploading profile picture" />
        </div>
      </div>
    </Card>
  );
}

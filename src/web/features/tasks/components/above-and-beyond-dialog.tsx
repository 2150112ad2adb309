import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { ABOVE_AND_BEYOND_DETAILS_MAX, ABOVE_AND_BEYOND_TITLE_MAX } from '@/shared/domain/tasks';
import type { PartnerView } from '@/shared/schemas/partners';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { SelectField, TextAreaField } from '@/web/components/ui/form-controls';
import { ApiError } from '@/web/lib/api';
import { uploadMedia } from '@/web/lib/upload';
import { useAboveAndBeyond } from '../api/tasks';

/** Something the submissive did unasked, with a photo, for their dominant to see. */
export function AboveAndBeyondDialog({
  open,
  onOpenChange,
  dominants,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dominants: PartnerView[];
}) {
  const create = useAboveAndBeyond();
  const photoInput = useId();
  const [dominantId, setDominantId] = useState('');
  const [title, setTitle] = useState('');
  const [details, setDetails] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (open && !dominantId && dominants.length > 0) setDominantId(dominants[0]!.id);
  }, [open, dominantId, dominants]);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const close = () => {
    setTitle('');
    setDetails('');
    setPhoto(null);
    onOpenChange(false);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return toast.error('Title is required', { duration: 3000 });
    if (!photo) {
      return toast.error('Photo proof required', {
        description: 'Please take or upload a photo',
        duration: 3000,
      });
    }
    if (!dominantId) return toast.error('Please choose the partner this is for', { duration: 3000 });
    let photoId: string;
    try {
      setProgress(0);
      photoId = (await uploadMedia('photo', photo, { partnerId: dominantId }, setProgress)).id;
    } catch (error) {
      toast.error('Photo upload failed', {
        description: error instanceof ApiError ? error.message : undefined,
      });
      return;
    } finally {
      setProgress(null);
    }
    try {
      await create.mutateAsync({ dominantId, title: title.trim(), details, photoId });
      toast.success('Above & Beyond shared', { description: 'Your dominant has been notified.' });
      close();
    } catch (error) {
      toast.error('Failed to create task', {
        description: error instanceof ApiError ? error.message : 'An unexpected error occurred',
      });
    }
  };

  const busy = create.isPending || progress !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title="Above & Beyond"
      description="Share something you did without being asked, with a photo as proof."
    >
      <form
        onSubmit={submit}
        noValidate
        className="max-h-[70dvh] space-y-4 overflow-y-auto pr-1"
        aria-label="Above & Beyond"
      >
        {dominants.length > 1 ? (
          <SelectField label="For" value={dominantId} onChange={(e) => setDominantId(e.target.value)}>
            {dominants.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <Field
          label="Title"
          value={title}
          maxLength={ABOVE_AND_BEYOND_TITLE_MAX}
          hint={`${title.length}/${ABOVE_AND_BEYOND_TITLE_MAX}`}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextAreaField
          label="Details (optional)"
          value={details}
          maxLength={ABOVE_AND_BEYOND_DETAILS_MAX}
          onChange={(e) => setDetails(e.target.value)}
        />
        <div className="space-y-1.5">
          <label htmlFor={photoInput} className="block text-sm font-medium">
            Photo proof
          </label>
          <input
            id={photoInput}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-accent file:px-3 file:py-2 file:text-accent-foreground"
          />
          {preview ? (
            <img src={preview} alt="Selected proof" className="max-h-48 rounded-lg object-contain" />
          ) : null}
        </div>
        {progress !== null ? (
          <progress className="w-full" value={progress} max={1} aria-label="Uploading photo" />
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Sharing…' : 'Share'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

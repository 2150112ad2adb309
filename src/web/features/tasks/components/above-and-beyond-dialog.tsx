import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ABOVE_AND_BEYOND_DETAILS_MAX, ABOVE_AND_BEYOND_TITLE_MAX } from '@/shared/domain/tasks';
import type { PartnerView } from '@/shared/schemas/partners';
import { type AboveAndBeyondInput, aboveAndBeyondInput, TASK_MESSAGES } from '@/shared/schemas/tasks';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormActions } from '@/web/components/ui/form-actions';
import { TextAreaField } from '@/web/components/ui/form-controls';
import { ProofKeepSelect, useKeepChoice } from '@/web/components/ui/proof';
import { UploadProgress } from '@/web/components/ui/upload-progress';
import { WriteFailed } from '@/web/components/ui/write-failed';
import { errorMessage } from '@/web/lib/api';
import { toastFirstError } from '@/web/lib/form-errors';
import { toast } from '@/web/lib/toast';
import { PENDING_UPLOAD_ID } from '@/web/lib/upload';
import { toastUploadFailed, useMediaUpload } from '@/web/lib/use-media-upload';
import { isUnreachable, useWriteKey } from '@/web/lib/writes';
import { useAboveAndBeyond } from '../api/tasks';
import { PartnerSelect } from './partner-select';
import { PhotoPicker } from './photo-picker';

/** The dialog's values, checked by the shared `aboveAndBeyondInput` once the photo stands for its id. */
const formSchema = z
  .object({ dominantId: z.string(), title: z.string(), details: z.string(), photo: z.custom<File | null>() })
  .transform(
    (v): AboveAndBeyondInput => ({
      dominantId: v.dominantId,
      title: v.title,
      details: v.details,
      photoId: v.photo ? PENDING_UPLOAD_ID : '',
    }),
  )
  .pipe(aboveAndBeyondInput);
type FormValues = z.input<typeof formSchema>;

const showInvalid = toastFirstError(['title', 'photoId', 'dominantId'], {
  [TASK_MESSAGES.photoRequired]: 'Please take or upload a photo',
});

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
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Above & Beyond"
      description="Share something you did without being asked, with a photo as proof."
    >
      {open ? <AboveAndBeyondForm dominants={dominants} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function AboveAndBeyondForm({ dominants, onDone }: { dominants: PartnerView[]; onDone: () => void }) {
  const create = useAboveAndBeyond();
  const media = useMediaUpload();
  const keepChoice = useKeepChoice();
  const key = useWriteKey();
  const [unreachable, setUnreachable] = useState(false);
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { dominantId: dominants[0]?.id ?? '', title: '', details: '', photo: null },
  });
  const [title, details, photo] = form.watch(['title', 'details', 'photo']);

  const share = async (input: z.output<typeof formSchema>) => {
    let photoId: string;
    setUnreachable(false);
    try {
      photoId = (await media.upload('photo', photo!, { partnerId: input.dominantId, keep: keepChoice.keep }))
        .id;
    } catch (error) {
      toastUploadFailed('Photo upload failed', error);
      return;
    }
    try {
      await create.mutateAsync({ ...input, photoId, key: key.current });
      key.renew();
      toast.success('Above & Beyond shared', { description: 'Your dominant has been notified.' });
      onDone();
    } catch (error) {
      if (isUnreachable(error)) return setUnreachable(true);
      toast.error('Failed to create task', { description: errorMessage(error) });
    }
  };

  const busy = create.isPending || media.uploading;
  return (
    <form
      onSubmit={form.handleSubmit(share, showInvalid)}
      noValidate
      className="max-h-[70dvh] space-y-4 overflow-y-auto pr-1"
      aria-label="Above & Beyond"
    >
      {dominants.length > 1 ? (
        <PartnerSelect label="For" partners={dominants} {...form.register('dominantId')} />
      ) : null}
      <Field
        label="Title"
        maxLength={ABOVE_AND_BEYOND_TITLE_MAX}
        hint={`${title.length}/${ABOVE_AND_BEYOND_TITLE_MAX}`}
        {...form.register('title')}
      />
      <TextAreaField
        label="Details (optional)"
        maxLength={ABOVE_AND_BEYOND_DETAILS_MAX}
        value={details}
        {...form.register('details')}
      />
      <PhotoPicker label="Photo proof" photo={photo} onChange={(file) => form.setValue('photo', file)} />
      <ProofKeepSelect value={keepChoice.keep} onChange={keepChoice.choose} />
      <UploadProgress progress={media.progress} label="Uploading photo" />
      <WriteFailed show={unreachable && !busy} />
      <FormActions
        onCancel={onDone}
        busy={busy}
        label={unreachable ? 'Retry' : 'Share'}
        busyLabel="Sharing…"
      />
    </form>
  );
}

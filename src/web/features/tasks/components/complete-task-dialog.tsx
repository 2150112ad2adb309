import { useState } from 'react';
import type { TaskView } from '@/shared/schemas/tasks';
import { Dialog } from '@/web/components/ui/dialog';
import { FormActions } from '@/web/components/ui/form-actions';
import { ProofKeepSelect, useKeepChoice } from '@/web/components/ui/proof';
import { UploadProgress } from '@/web/components/ui/upload-progress';
import { type RecordedVoice, VoiceRecorder } from '@/web/components/ui/voice-recorder';
import { type CompletionProof, toastPhotoRequired } from '../use-complete-task';
import { PhotoPicker } from './photo-picker';

interface ProofFormProps {
  photoRequired: boolean;
  busy: boolean;
  progress: number | null;
  uploadLabel: string;
  onComplete: (proof: CompletionProof) => Promise<boolean>;
  onClose: () => void;
}

/** The submissive completes a task with photo or voice proof (spec 2 §1); a required photo is asked for. */
export function CompleteTaskDialog({ task, ...props }: ProofFormProps & { task: TaskView | null }) {
  return (
    <Dialog
      open={task !== null}
      onOpenChange={(open) => !open && !props.busy && props.onClose()}
      title="Complete task"
      description={task?.title}
    >
      {task ? <ProofForm {...props} /> : null}
    </Dialog>
  );
}

function ProofForm({ photoRequired, busy, progress, uploadLabel, onComplete, onClose }: ProofFormProps) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [voice, setVoice] = useState<RecordedVoice | null>(null);
  const { keep, choose } = useKeepChoice();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (photoRequired && !photo) {
      toastPhotoRequired();
      return;
    }
    if (await onComplete({ photo, voice, keep })) onClose();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Complete task">
      <PhotoPicker
        label={photoRequired ? 'Photo proof' : 'Photo proof (optional)'}
        photo={photo}
        onChange={setPhoto}
        disabled={busy}
      />
      <div className="space-y-1.5">
        <p className="text-sm font-medium">Voice proof (optional)</p>
        <VoiceRecorder value={voice} onChange={setVoice} disabled={busy} />
      </div>
      <ProofKeepSelect value={keep} onChange={choose} disabled={busy} />
      <UploadProgress progress={progress} label={uploadLabel} />
      <FormActions onCancel={onClose} busy={busy} label="Complete" busyLabel="Completing…" />
    </form>
  );
}

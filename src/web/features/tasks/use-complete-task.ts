import { useRef, useState } from 'react';
import { type TaskViewer, taskAbilities } from '@/shared/domain/tasks';
import type { TaskView } from '@/shared/schemas/tasks';
import type { ProofKeep } from '@/shared/texts/media';
import type { RecordedVoice } from '@/web/components/ui/voice-recorder';
import { errorMessage } from '@/web/lib/api';
import { useProofKeep } from '@/web/lib/proof-keep';
import { toast } from '@/web/lib/toast';
import { toastUploadFailed, useMediaUpload } from '@/web/lib/use-media-upload';
import { useCompleteTask } from './api/tasks';

/** Spec 2 §5: a submissive completing a task that needs a photo, without one. */
export const toastPhotoRequired = () =>
  toast.info('Photo proof required', {
    description: 'Please take or upload a photo to complete this task',
    duration: 3000,
  });

export interface CompletionProof {
  photo?: File | null;
  voice?: RecordedVoice | null;
  /** How long the proofs are kept (decision 076); the sender's default when not chosen. */
  keep?: ProofKeep;
}

/**
 * Completing a task (spec 2 §5, decision 013). A submissive on a task that needs a photo is told so and the
 * file picker opens; closing the picker leaves everything as it was. Proof uploads with progress. A failed
 * upload is reported, never followed by "Failed to complete task": optional proof is left out and the
 * completion goes on; a required photo stops it, with a button to choose another photo.
 */
export function useCompleteFlow(viewer: TaskViewer) {
  const complete = useCompleteTask();
  const media = useMediaUpload();
  // The picker opened by Complete on a task that needs a photo sends it with the default keep-time.
  const { keep: preferredKeep } = useProofKeep();
  const fileInput = useRef<HTMLInputElement>(null);
  // The task whose photo the picker was opened for: a ref, since an open picker must disable nothing.
  const pickingFor = useRef<TaskView | null>(null);
  const [busyTaskId, setBusyTaskId] = useState<string | null>(null);
  const [uploadLabel, setUploadLabel] = useState('Uploading photo');

  const needsPhoto = (task: TaskView) =>
    task.photoProofRequired && !taskAbilities(task, viewer).completesOnBehalf;

  const pickPhoto = (task: TaskView) => {
    pickingFor.current = task;
    fileInput.current?.click();
  };

  const uploadProof = async (
    kind: 'photo' | 'audio',
    task: TaskView,
    blob: Blob,
    keep: ProofKeep,
    durationMs?: number,
  ) => {
    setUploadLabel(kind === 'photo' ? 'Uploading photo' : 'Uploading voice note');
    return (await media.upload(kind, blob, { partnerId: task.dominantId, durationMs, keep })).id;
  };

  /** Uploads the proof, then completes; resolves to whether the task was completed. */
  const completeWithProof = async (task: TaskView, proof: CompletionProof, retry?: () => void) => {
    setBusyTaskId(task.id);
    const keep = proof.keep ?? preferredKeep;
    try {
      let photoId: string | null = null;
      if (proof.photo) {
        try {
          photoId = await uploadProof('photo', task, proof.photo, keep);
        } catch (error) {
          const choose = retry ? { label: 'Choose another photo', onClick: retry } : undefined;
          toastUploadFailed('Photo upload failed', error, needsPhoto(task) ? choose : undefined);
          if (needsPhoto(task)) return false;
        }
      }
      let voiceNoteId: string | undefined;
      if (proof.voice) {
        try {
          voiceNoteId = await uploadProof('audio', task, proof.voice.blob, keep, proof.voice.durationMs);
        } catch (error) {
          toastUploadFailed('Voice note upload failed', error);
        }
      }
      await complete.mutateAsync({ id: task.id, photoId, voiceNoteId, by: viewer.id });
      toast.success('Task marked as complete', { description: task.title });
      return true;
    } catch (error) {
      toast.error('Failed to complete task', { description: errorMessage(error) });
      return false;
    } finally {
      setBusyTaskId(null);
    }
  };

  const start = (task: TaskView) => {
    if (!needsPhoto(task)) {
      void completeWithProof(task, {});
      return;
    }
    toastPhotoRequired();
    pickPhoto(task);
  };

  const onFile = (file: File | undefined) => {
    const task = pickingFor.current;
    pickingFor.current = null;
    if (fileInput.current) fileInput.current.value = '';
    if (task && file) void completeWithProof(task, { photo: file }, () => pickPhoto(task));
  };

  return {
    start,
    completeWithProof,
    needsPhoto,
    busyTaskId,
    progress: media.progress,
    uploadLabel,
    fileInputProps: {
      ref: fileInput,
      type: 'file' as const,
      // No `capture`: the phone offers its camera and its gallery both.
      accept: 'image/*',
      className: 'sr-only',
      tabIndex: -1,
      'aria-label': 'Photo proof',
      'data-testid': 'photo-proof-input',
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => onFile(e.target.files?.[0]),
    },
  };
}

import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { TaskView } from '@/shared/schemas/tasks';
import { ApiError } from '@/web/lib/api';
import { uploadMedia } from '@/web/lib/upload';
import { useCompleteTask } from './api/tasks';

/**
 * Completing a task: a submissive on a task that needs a photo is told so and the file picker opens;
 * the photo uploads with progress; a failed upload is reported and completion continues (spec 2, s. 5).
 */
export function useCompleteFlow(role: 'dominant' | 'submissive') {
  const complete = useCompleteTask();
  const fileInput = useRef<HTMLInputElement>(null);
  const [pendingTask, setPendingTask] = useState<TaskView | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const finish = async (task: TaskView, photoId: string | null) => {
    try {
      await complete.mutateAsync({ id: task.id, photoId });
      toast.success('Task marked as complete', { description: task.title });
    } catch (error) {
      toast.error('Failed to complete task', {
        description: error instanceof ApiError ? error.message : 'An unexpected error occurred',
      });
    }
  };

  const start = (task: TaskView) => {
    if (role === 'submissive' && task.photoProofRequired) {
      toast.info('Photo proof required', {
        description: 'Please take or upload a photo to complete this task',
        duration: 3000,
      });
      setPendingTask(task);
      fileInput.current?.click();
      return;
    }
    void finish(task, null);
  };

  const onFile = async (file: File | undefined) => {
    const task = pendingTask;
    if (fileInput.current) fileInput.current.value = '';
    if (!task || !file) return;
    let photoId: string | null = null;
    try {
      setProgress(0);
      photoId = (await uploadMedia('photo', file, { partnerId: task.assignedBy }, setProgress)).id;
    } catch (error) {
      toast.error('Photo upload failed', {
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setProgress(null);
      setPendingTask(null);
    }
    await finish(task, photoId);
  };

  return {
    start,
    busyTaskId: complete.isPending ? (complete.variables?.id ?? null) : (pendingTask?.id ?? null),
    progress,
    fileInputProps: {
      ref: fileInput,
      type: 'file' as const,
      accept: 'image/*',
      capture: 'environment' as const,
      className: 'sr-only',
      tabIndex: -1,
      'aria-label': 'Photo proof',
      'data-testid': 'photo-proof-input',
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => void onFile(e.target.files?.[0]),
    },
  };
}

import { describe, expect, it } from 'vitest';
import { TASK_AWARD_TEXT, TASK_MESSAGES } from '@/shared/schemas/tasks';
import { PENDING_UPLOAD_ID } from '@/web/lib/upload';
import { type TaskFormValues, taskFormDefaults, taskFormSchema } from './task-form-schema';

const SUB = '3f0b8a4e-5d2c-4b7a-9e1f-2a3b4c5d6e7f';
const valid = (over: Partial<TaskFormValues> = {}): TaskFormValues => ({
  ...taskFormDefaults(null, [SUB]),
  title: '  Polish the boots  ',
  ...over,
});
const messages = (values: TaskFormValues) =>
  taskFormSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('the task form, checked by the shared createTaskInput', () => {
  it('turns a valid form into the input the server takes (trimmed title, due instant, repeat)', () => {
    const out = taskFormSchema.parse(valid({ repeat: 'custom', days: [1, 3] }));
    expect(out.title).toBe('Polish the boots');
    expect(out.assignedTo).toBe(SUB);
    expect(out.repeatConfig).toEqual({ frequency: 'custom', daysOfWeek: [1, 3] });
    expect(out.dueDate).toBeGreaterThan(Date.now());
    expect(out.voiceNoteId).toBeNull();
  });

  it('gives the spec messages: title, voice note, submissive, custom days, past due', () => {
    expect(messages(valid({ title: '   ' }))).toEqual([['title', TASK_MESSAGES.titleRequired]]);
    expect(messages(valid({ kind: 'voice', title: '' }))).toEqual([
      ['voiceNoteId', TASK_MESSAGES.voiceRequired],
    ]);
    expect(messages(valid({ assignedTo: '' }))).toEqual([['assignedTo', TASK_MESSAGES.submissiveRequired]]);
    expect(messages(valid({ repeat: 'custom', days: [] }))).toEqual([
      ['repeatConfig.daysOfWeek', TASK_MESSAGES.noDays],
    ]);
    expect(messages(valid({ date: '2020-01-01' }))).toEqual([['dueDate', TASK_MESSAGES.pastDue]]);
  });

  it('lets a new recording stand for its id until it is uploaded; a text task sends no voice note', () => {
    const voice = { blob: new Blob(['x']), mimeType: 'audio/webm', durationMs: 1000 };
    expect(taskFormSchema.parse(valid({ kind: 'voice', title: '', voice })).voiceNoteId).toBe(
      PENDING_UPLOAD_ID,
    );
    expect(taskFormSchema.parse(valid({ kind: 'text', voice })).voiceNoteId).toBeNull();
  });

  it('sends the points for completing as a whole number, empty as 0, and refuses anything else', () => {
    expect(taskFormSchema.parse(valid()).awardPoints).toBe(0);
    expect(taskFormSchema.parse(valid({ awardPoints: ' 5 ' })).awardPoints).toBe(5);
    expect(taskFormSchema.parse(valid({ awardPoints: '1000' })).awardPoints).toBe(1000);
    for (const awardPoints of ['-1', '1001', '1.5', 'five']) {
      expect(messages(valid({ awardPoints }))).toEqual([['awardPoints', TASK_AWARD_TEXT.invalid]]);
    }
  });
});

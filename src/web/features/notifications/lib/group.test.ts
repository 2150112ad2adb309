import { describe, expect, it } from 'vitest';
import type { NotificationType, NotificationView } from '@/shared/schemas/notifications';
import { groupNotifications } from './group';

let seq = 0;
const note = (type: NotificationType, data: Record<string, unknown>, read = false): NotificationView => {
  seq += 1;
  return {
    id: `n${seq}`,
    userId: 'u',
    type,
    title: type,
    message: '',
    data,
    read,
    createdAt: seq,
    updatedAt: seq,
  };
};

describe('groupNotifications', () => {
  it('keeps five messages in a row from one partner as one entry with its unread count', () => {
    const alex = { senderId: 'alex' };
    const list = [
      note('message_sent', alex),
      note('message_sent', alex, true),
      note('message_sent', alex),
      note('message_sent', alex),
      note('message_sent', alex),
    ];
    const [entry, ...rest] = groupNotifications(list);
    expect(rest).toEqual([]);
    expect(entry?.items).toHaveLength(5);
    expect(entry?.unread).toBe(4);
    expect(entry?.key).toBe(list[0]?.id);
  });

  it('keeps apart what leads elsewhere, what is of another type, and what is not next to it', () => {
    const list = [
      note('message_sent', { senderId: 'alex' }),
      note('message_sent', { senderId: 'sam' }),
      note('task_assigned', { taskId: 't1' }),
      note('task_assigned', { taskId: 't2' }),
      note('message_sent', { senderId: 'sam' }),
    ];
    expect(groupNotifications(list).map((e) => e.items.length)).toEqual([1, 1, 1, 1, 1]);
  });

  it('never folds a safety notification into another', () => {
    const list = [note('red_called', { pairId: 'p' }), note('red_called', { pairId: 'p' })];
    expect(groupNotifications(list)).toHaveLength(2);
  });
});

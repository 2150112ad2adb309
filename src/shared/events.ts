/**
 * The realtime events, defined once for server and client. Events name what changed and carry ids
 * only; the client refetches through its own authorised queries.
 */
export interface EventPayloads {
  'partner_request.created': { requestId: string };
  'partner_request.updated': { requestId: string; status: 'accepted' | 'rejected' };
  'partner.connected': { partnerId: string };
  'pair.ended': { partnerId: string; endedBy: string };
  'notification.created': { notificationId: string };
  'notification.read': { notificationId: string | null };
  'task.changed': { taskId: string; pairId: string };
  'task.deleted': { taskId: string; pairId: string };
  'task_completion.changed': { completionId: string; pairId: string };
}

export type EventName = keyof EventPayloads;

export type RealtimeEvent = { [N in EventName]: { name: N; data: EventPayloads[N] } }[EventName];

export const EVENT_NAMES = [
  'partner_request.created',
  'partner_request.updated',
  'partner.connected',
  'pair.ended',
  'notification.created',
  'notification.read',
  'task.changed',
  'task.deleted',
  'task_completion.changed',
] as const satisfies readonly EventName[];

/**
 * The realtime events, defined once for server and client. Events name what changed and carry ids
 * only; the client refetches through its own authorised queries.
 *
 * The map below is the one list: the payload types and the runtime list of names both come from it, so
 * an event added here is known to the browser's stream at once.
 */
const payload = <T>() => null as unknown as T;

const EVENTS = {
  'partner_request.created': payload<{ requestId: string }>(),
  'partner_request.updated': payload<{ requestId: string; status: 'accepted' | 'rejected' }>(),
  'partner.connected': payload<{ partnerId: string }>(),
  'pair.ended': payload<{ partnerId: string; endedBy: string }>(),
  /**
   * A user set up or replaced their encryption key, or a pair's keys were wrapped anew (decision 100): the
   * user's partners (and the pair) read the keys again and settle what they owe.
   */
  'keys.changed': payload<{ userId: string; pairId: string | null }>(),
  /** What others see of a user changed (the profile picture): their partners and requests refetch. */
  'user.updated': payload<{ userId: string }>(),
  'notification.created': payload<{ notificationId: string }>(),
  'notification.read': payload<{ notificationId: string | null }>(),
  'task.changed': payload<{ taskId: string; pairId: string }>(),
  'task.deleted': payload<{ taskId: string; pairId: string }>(),
  'task_completion.changed': payload<{ completionId: string; pairId: string }>(),
  'punishment.changed': payload<{ punishmentId: string; pairId: string }>(),
  'journal_message.created': payload<{
    messageId: string;
    pairId: string;
    senderId: string;
    receiverId: string;
  }>(),
  'contract.changed': payload<{ contractId: string; pairId: string }>(),
  /** Red was called or lifted in a pair (decision 049): both partners refetch the stops. */
  'pair.stop_changed': payload<{ pairId: string }>(),
  /** Yellow asked for a check-in in a pair, or it was answered (decision 049). */
  'pair.checkin_changed': payload<{ pairId: string }>(),
  /** Aftercare was asked in a pair, or a partner answered or dismissed it (decision 054). */
  'aftercare.changed': payload<{ pairId: string }>(),
  /** A partner's limits list changed for a pair (decision 055): ids only; both refetch their own view. */
  'limits.changed': payload<{ pairId: string }>(),
  /** A pair's first negotiation was confirmed or withdrawn, or a partner's aftercare wishes changed (decision 058). */
  'negotiation.changed': payload<{ pairId: string }>(),
  /** A rule of a pair was written, changed, acknowledged or retired (decision 064). */
  'rule.changed': payload<{ ruleId: string; pairId: string }>(),
  /** An infraction of a pair was logged, contested, withdrawn or punished (decision 065). */
  'infraction.changed': payload<{ infractionId: string; pairId: string }>(),
  /** A pair's points, rewards or redemptions changed (decision 067): ids only; both refetch. */
  'points.changed': payload<{ pairId: string }>(),
  /** A pair's permission requests changed (decision 069): ids only; both refetch. */
  'permission.changed': payload<{ pairId: string }>(),
  /** A ritual of a pair was set, changed or retired, or a day of it marked (decision 074). */
  'ritual.changed': payload<{ ritualId: string; pairId: string }>(),
  /** A proof's file of a pair expired or was deleted by its sender (decision 076): its items refetch. */
  'proof.removed': payload<{ pairId: string }>(),
};

export type EventPayloads = { [N in keyof typeof EVENTS]: (typeof EVENTS)[N] };

export type EventName = keyof EventPayloads;

export type RealtimeEvent = { [N in EventName]: { name: N; data: EventPayloads[N] } }[EventName];

export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];

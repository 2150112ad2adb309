/** What every notification is made of: its type, title, message and the ids its data carries. */
import type { NotificationType } from '../schemas/notifications';

/** Spec 1 §9 and spec 2 §7: the first 50 characters and an ellipsis. */
export const PREVIEW_LENGTH = 50;
export const preview = (text: string) =>
  text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;

/** What each type carries in `data` (ids only, never readable content). */
export interface NotificationData {
  connection_request: {
    requestId: string;
    senderId?: string;
    partnerId?: string;
    status?: 'accepted' | 'rejected';
  };
  task_assigned: { taskId: string; pairId: string };
  task_completed: { taskId: string; completionId: string; pairId: string };
  task_completed_by_dominant: { taskId: string; completionId: string; pairId: string };
  task_feedback: { kind: 'task'; taskId: string | null; completionId: string | null; pairId: string };
  punishment_assigned: { punishmentId: string; pairId: string };
  punishment_completed: { punishmentId: string; pairId: string };
  punishment_feedback: { kind: 'punishment'; punishmentId: string; pairId: string };
  contract_updated: { contractId: string; pairId: string; partnerId: string };
  /**
   * `sealed`: the message (or a voice message's title) as sealed in the sender's browser, `sealedKind` which
   * of the two (decision 101): the receiver's browser opens it for the preview.
   */
  message_sent: { messageId: string; pairId: string; senderId: string; sealed?: string; sealedKind?: string };
  red_called: { pairId: string };
  red_lifted: { pairId: string };
  checkin_asked: { pairId: string; checkinId: string };
  checkin_scheduled: { pairId: string; checkinId: string };
  aftercare_asked: { pairId: string; aftercareId: string };
  limits_finished: { pairId: string };
  negotiation_confirmed: { pairId: string };
  limit_paused: { pairId: string };
  limit_declined: { pairId: string };
  /** `partnerId`: the other partner of the pair, whose rules the link opens (`?partner=`). */
  rule_written: { ruleId: string; pairId: string; partnerId: string };
  rule_acknowledged: { ruleId: string; pairId: string; partnerId: string };
  infraction_logged: { infractionId: string; ruleId: string; pairId: string; partnerId: string };
  infraction_contested: { infractionId: string; ruleId: string; pairId: string; partnerId: string };
  infraction_withdrawn: { infractionId: string; ruleId: string; pairId: string; partnerId: string };
  /** Points awarded or corrected (decision 067): the entry, and the partner whose rewards the link opens. */
  points_awarded: { entryId: string; pairId: string; partnerId: string };
  reward_redeemed: { redemptionId: string; rewardId: string; pairId: string; partnerId: string };
  redemption_granted: { redemptionId: string; rewardId: string; pairId: string; partnerId: string };
  redemption_denied: { redemptionId: string; rewardId: string; pairId: string; partnerId: string };
  /** A permission request made or decided (decision 069): the request, and the partner the link opens. */
  permission_requested: { requestId: string; pairId: string; partnerId: string };
  permission_granted: { requestId: string; pairId: string; partnerId: string };
  permission_denied: { requestId: string; pairId: string; partnerId: string };
  /** A ritual set, changed or retired, or a day of it marked (decision 074): the ritual and the partner. */
  ritual_set: { ritualId: string; pairId: string; partnerId: string };
  ritual_retired: { ritualId: string; pairId: string; partnerId: string };
  ritual_marked: { ritualId: string; pairId: string; partnerId: string; date: string };
}

export interface NotificationContent<T extends NotificationType = NotificationType> {
  type: T;
  title: string;
  message: string;
  data: NotificationData[T];
}

export const content = <T extends NotificationType>(
  type: T,
  title: string,
  message: string,
  data: NotificationData[T],
): NotificationContent<T> => ({ type, title, message, data });

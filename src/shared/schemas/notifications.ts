export const NOTIFICATION_TYPES = [
  'connection_request',
  'task_assigned',
  'task_completed',
  'task_completed_by_dominant',
  'task_feedback',
  'punishment_assigned',
  'punishment_completed',
  'punishment_feedback',
  'contract_updated',
  'message_sent',
  'red_called',
  'red_lifted',
  'checkin_asked',
  'checkin_scheduled',
  'aftercare_asked',
  'limits_finished',
  'negotiation_confirmed',
  'limit_paused',
  'limit_declined',
  'rule_written',
  'rule_acknowledged',
  'infraction_logged',
  'infraction_contested',
  'infraction_withdrawn',
  'points_awarded',
  'reward_redeemed',
  'redemption_granted',
  'redemption_denied',
  'permission_requested',
  'permission_granted',
  'permission_denied',
  'ritual_set',
  'ritual_retired',
  'ritual_marked',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationView {
  id: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, unknown>;
  read: boolean;
  createdAt: number;
  updatedAt: number;
}

/** The bell menu shows at most this many items, notifications and pending requests together. */
export const BELL_MENU_LIMIT = 10;
/** The dashboard's notifications card lists this many (spec 2 §9). */
export const RECENT_NOTIFICATIONS = 3;
/** How many notifications the list endpoint answers with. */
export const NOTIFICATION_PAGE = 50;
/**
 * The unread count counts this many at most (the bell shows "99+" beyond 99): counting every unread row
 * would grow with a history nobody reads (decision 045). At the cap it means "this many or more".
 */
export const UNREAD_COUNT_CAP = 100;

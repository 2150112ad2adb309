/**
 * The notification centre's kinds (decision 083): every notification type belongs to exactly one, which the
 * centre filters by and names. A test keeps the map whole when a type is added.
 */
import type { NotificationType } from '../schemas/notifications';

export const NOTIFICATION_KINDS = [
  'safety',
  'tasks',
  'punishments',
  'journal',
  'structure',
  'contract',
  'partners',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What the filter calls each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  safety: 'Consent and safety',
  tasks: 'Tasks',
  punishments: 'Punishments',
  journal: 'Journal',
  structure: 'Structure',
  contract: 'Contract',
  partners: 'Partners',
};

export const TYPES_OF_KIND: Record<NotificationKind, readonly NotificationType[]> = {
  safety: [
    'red_called',
    'red_lifted',
    'checkin_asked',
    'checkin_scheduled',
    'aftercare_asked',
    'limits_finished',
    'negotiation_confirmed',
    'limit_paused',
    'limit_declined',
  ],
  tasks: ['task_assigned', 'task_completed', 'task_completed_by_dominant', 'task_feedback'],
  punishments: ['punishment_assigned', 'punishment_completed', 'punishment_feedback'],
  journal: ['message_sent'],
  structure: [
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
  ],
  contract: ['contract_updated'],
  partners: ['connection_request'],
};

const KIND_OF = new Map<NotificationType, NotificationKind>(
  NOTIFICATION_KINDS.flatMap((kind) => TYPES_OF_KIND[kind].map((type) => [type, kind] as const)),
);

/** The kind a notification type belongs to. */
export const kindOf = (type: NotificationType): NotificationKind => KIND_OF.get(type) ?? 'partners';

/**
 * The kinds a user may quiet (decision 085): every kind but safety. Red, Yellow, check-ins and aftercare
 * always arrive, in the app and by push, whatever else is quieted.
 */
export const QUIETABLE_KINDS = [
  'tasks',
  'punishments',
  'journal',
  'structure',
  'contract',
  'partners',
] as const satisfies readonly NotificationKind[];
export type QuietableKind = (typeof QUIETABLE_KINDS)[number];

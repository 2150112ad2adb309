/**
 * Where opening a notification leads (the bell, a push's tap), from its type and the ids its data carries
 * (the catalogue in `./notifications`).
 */
import { paths, withQuery } from '../routes';
import type { NotificationType } from '../schemas/notifications';

/** Where opening a notification leads: a request's dialog, or a screen (with the item highlighted). */
export type NotificationTarget = { kind: 'request'; requestId: string } | { kind: 'path'; to: string };

const str = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);

/** What a notification is about, from its type and data (data from older rows may lack fields). */
export function notificationTarget(n: {
  type: NotificationType;
  data: Record<string, unknown>;
}): NotificationTarget | null {
  const d = n.data;
  switch (n.type) {
    case 'connection_request': {
      const requestId = str(d.requestId);
      // An answered request (accepted or declined) has nothing left to open: its sender sees the partners.
      if (d.status === undefined && requestId) return { kind: 'request', requestId };
      return { kind: 'path', to: paths.dashboard };
    }
    case 'task_assigned':
    case 'task_completed':
    case 'task_completed_by_dominant': {
      const taskId = str(d.taskId);
      return { kind: 'path', to: taskId ? withQuery(paths.tasks, { highlight: taskId }) : paths.tasks };
    }
    case 'task_feedback': {
      const completionId = str(d.completionId);
      return {
        kind: 'path',
        to: completionId
          ? withQuery(paths.tasks, { tab: 'history', highlight: completionId })
          : withQuery(paths.tasks, { highlight: str(d.taskId) }),
      };
    }
    case 'punishment_assigned':
    case 'punishment_completed':
    case 'punishment_feedback':
      return { kind: 'path', to: withQuery(paths.punishments, { highlight: str(d.punishmentId) }) };
    case 'contract_updated':
      return { kind: 'path', to: withQuery(paths.contract, { partner: str(d.partnerId) }) };
    case 'message_sent':
      return { kind: 'path', to: withQuery(paths.journal, { partner: str(d.senderId) }) };
    case 'red_called':
    case 'red_lifted':
    case 'checkin_asked':
    case 'aftercare_asked':
    case 'limit_paused':
    case 'limit_declined':
      return { kind: 'path', to: paths.dashboard };
    case 'checkin_scheduled':
      return { kind: 'path', to: paths.checkIns };
    case 'limits_finished':
      return { kind: 'path', to: paths.limits };
    case 'negotiation_confirmed':
      return { kind: 'path', to: paths.negotiation };
    case 'rule_written':
    case 'rule_acknowledged':
      return {
        kind: 'path',
        to: withQuery(paths.structure, { partner: str(d.partnerId), highlight: str(d.ruleId) }),
      };
    case 'infraction_logged':
    case 'infraction_contested':
    case 'infraction_withdrawn':
      return {
        kind: 'path',
        to: withQuery(paths.structure, { partner: str(d.partnerId), highlight: str(d.infractionId) }),
      };
    case 'points_awarded':
    case 'reward_redeemed':
    case 'redemption_granted':
    case 'redemption_denied':
      return { kind: 'path', to: withQuery(paths.structure, { partner: str(d.partnerId), tab: 'rewards' }) };
    case 'permission_requested':
    case 'permission_granted':
    case 'permission_denied':
      return {
        kind: 'path',
        to: withQuery(paths.structure, {
          partner: str(d.partnerId),
          tab: 'requests',
          highlight: str(d.requestId),
        }),
      };
    case 'ritual_set':
    case 'ritual_retired':
    case 'ritual_marked':
      return {
        kind: 'path',
        to: withQuery(paths.structure, {
          partner: str(d.partnerId),
          tab: 'rituals',
          // A retired ritual is no longer listed: its tab opens without a highlight.
          highlight: n.type === 'ritual_retired' ? null : str(d.ritualId),
        }),
      };
    default:
      return null;
  }
}

/**
 * What a push says and when it is held (issue 13, decision 030): discreet by default, detailed when the
 * user chose it, held during quiet hours and summarised when they end.
 */
import { paths, withQuery } from '../routes';
import type { NotificationType } from '../schemas/notifications';
import type { PushMessage, QuietHours } from '../schemas/push';
import { DISCREET_NAME } from '../texts/device-privacy';
import { notificationTarget } from './notification-targets';
import { localTimeOfDay } from './schedule';

export const DISCREET_TITLE = 'Pact';
export const DISCREET_BODY = 'New activity in Pact';
/** Discreet pushes share one tag: the newest replaces the one shown, they all read the same. */
export const DISCREET_TAG = 'pact';
export const SUMMARY_TAG = 'pact-summary';
export const TEST_TAG = 'pact-test';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** "22:30" -> 1350. */
export const minutesOf = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** "HH:MM" from minutes after midnight. */
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Whether `at` falls in the quiet hours, in their own time zone: from `start` (included) to `end`
 * (excluded), across midnight when `end` comes before `start` (22:00-07:00).
 */
export function inQuietHours(quiet: QuietHours | null, at: number): boolean {
  if (!quiet) return false;
  const now = localTimeOfDay(at, quiet.timeZone);
  const start = minutesOf(quiet.start) * MINUTE_MS;
  const end = minutesOf(quiet.end) * MINUTE_MS;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * When the quiet hours that hold `at` end: the next time the local clock shows `end`. A change of the
 * clocks (summer time) may move it by an hour; whoever acts on it checks `inQuietHours` again then.
 */
export function quietHoursEnd(quiet: QuietHours, at: number): number {
  const now = localTimeOfDay(at, quiet.timeZone);
  const end = minutesOf(quiet.end) * MINUTE_MS;
  const wait = (((end - now) % DAY_MS) + DAY_MS) % DAY_MS;
  return at + (wait === 0 ? DAY_MS : wait);
}

interface NotificationLike {
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, unknown>;
}

/** The app's path a notification opens: its screen, or for a connection request its dialog. */
export function notificationUrl(n: Pick<NotificationLike, 'type' | 'data'>): string {
  const target = notificationTarget(n);
  if (!target) return paths.dashboard;
  return target.kind === 'request' ? withQuery(paths.dashboard, { request: target.requestId }) : target.to;
}

const idOf = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);

/** What a notification is about, for grouping replacements: its request, task, punishment, contract or sender. */
export function notificationSubject(n: Pick<NotificationLike, 'type' | 'data'>): string {
  const d = n.data;
  const id = (() => {
    switch (n.type) {
      case 'connection_request':
        return idOf(d.requestId);
      case 'task_assigned':
      case 'task_completed':
      case 'task_completed_by_dominant':
      case 'task_feedback':
        return idOf(d.taskId) ?? idOf(d.completionId);
      case 'punishment_assigned':
      case 'punishment_completed':
      case 'punishment_feedback':
        return idOf(d.punishmentId);
      case 'contract_updated':
        return idOf(d.contractId);
      case 'message_sent':
        return idOf(d.senderId);
      case 'red_called':
      case 'red_lifted':
      case 'checkin_asked':
      case 'checkin_scheduled':
      case 'limits_finished':
      case 'negotiation_confirmed':
      case 'limit_paused':
      case 'limit_declined':
        return idOf(d.pairId);
      case 'aftercare_asked':
        return idOf(d.aftercareId);
      case 'rule_written':
      case 'rule_acknowledged':
        return idOf(d.ruleId);
      case 'infraction_logged':
      case 'infraction_contested':
      case 'infraction_withdrawn':
        return idOf(d.infractionId);
      case 'points_awarded':
        return idOf(d.entryId);
      case 'reward_redeemed':
      case 'redemption_granted':
      case 'redemption_denied':
        return idOf(d.redemptionId);
      case 'permission_requested':
      case 'permission_granted':
      case 'permission_denied':
        return idOf(d.requestId);
      case 'ritual_set':
      case 'ritual_retired':
      case 'ritual_marked':
        return idOf(d.ritualId);
      default:
        return null;
    }
  })();
  return `${n.type.split('_')[0]}:${id ?? 'none'}`;
}

/**
 * Safety pushes (decision 049): Red, its lifting and Yellow's ask for a check-in reach the partner at once,
 * through quiet hours and a held pair, and never wait in a summary.
 */
export const isSafetyPush = (type: NotificationType) =>
  type === 'red_called' || type === 'red_lifted' || type === 'checkin_asked';

/** Pushes someone may be waiting on (a request, a message, Red) go at once even on a sleeping phone. */
export const pushUrgency = (type: NotificationType): 'high' | 'normal' =>
  type === 'connection_request' || type === 'message_sent' || isSafetyPush(type) ? 'high' : 'normal';

/**
 * The push of one notification: "New activity in Pact" unless the user turned details on; then the
 * title and message as the bell shows them. The tap opens what it is about either way.
 */
export function notificationPush(n: NotificationLike, showDetails: boolean): PushMessage {
  const url = notificationUrl(n);
  // A safety push says what it is even on a discreet device: its words name no one and no reason. An
  // aftercare ask is discreet whatever the choice (decision 054): a lock screen is not the place for it.
  if ((!showDetails || n.type === 'aftercare_asked') && !isSafetyPush(n.type))
    return { title: DISCREET_TITLE, body: DISCREET_BODY, url, tag: DISCREET_TAG };
  return { title: n.title, body: n.message, url, tag: `pact:${notificationSubject(n)}` };
}

export const REMINDER_TAG = 'pact-reminder';
export const REMINDER_BODY = 'You have a reminder in Pact';

/**
 * A reminder sent by the server (a task due in two hours, a punishment timer that ran out): discreet
 * whatever the user's choice of details, with nothing of the task or punishment in it; the tap opens
 * the page where it is.
 */
export function reminderPush(kind: 'task' | 'timer'): PushMessage {
  return {
    title: DISCREET_TITLE,
    body: REMINDER_BODY,
    url: kind === 'task' ? paths.tasks : paths.punishments,
    tag: REMINDER_TAG,
  };
}

/** The one push that stands for everything held during quiet hours. */
export function summaryPush(count: number): PushMessage {
  return {
    title: DISCREET_TITLE,
    body: `${count} new ${count === 1 ? 'notification' : 'notifications'} in Pact`,
    url: paths.dashboard,
    tag: SUMMARY_TAG,
  };
}

/**
 * A push to a device in discreet mode (decision 081): titled with the neutral name, "Pact" in its words
 * replaced by it, and marked so that the service worker shows the neutral icon. A safety push keeps what it
 * says (decision 049): only its title changes.
 */
export function onDiscreetDevice(message: PushMessage): PushMessage {
  return {
    ...message,
    title: DISCREET_NAME,
    body: message.body.replaceAll('Pact', DISCREET_NAME),
    discreet: true,
  };
}

export const TEST_PUSH: PushMessage = {
  title: DISCREET_TITLE,
  body: 'Test notification: notifications from Pact reach this device',
  url: paths.settings,
  tag: TEST_TAG,
};

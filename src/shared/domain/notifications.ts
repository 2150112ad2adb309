/**
 * The notification catalogue: every notification Pact creates, with its title, its message and the data
 * it carries, defined once. The server builds notifications only through these builders; the web app reads
 * the same data to open what a notification is about (`./notification-targets`). A new feature adds its
 * entries here and its target there.
 */
import { content, preview } from './notification-content';
import { permissionsNotify } from './notification-permissions';
import { rewardsNotify } from './notification-rewards';
import { ritualsNotify } from './notification-rituals';
import { structureNotify } from './notification-structure';
import { isSealedText, SEALED_KINDS } from './sealed';

export {
  type NotificationContent,
  type NotificationData,
  PREVIEW_LENGTH,
  preview,
} from './notification-content';

/** One builder per notification Pact sends. Names are the people's display names. */
export const notify = {
  connectionRequested: (a: { senderName: string; requestId: string; senderId: string }) =>
    content('connection_request', 'New Connection Request', `${a.senderName} wants to connect with you`, {
      requestId: a.requestId,
      senderId: a.senderId,
    }),
  connectionAccepted: (a: { receiverName: string; requestId: string; receiverId: string }) =>
    content('connection_request', 'Connection accepted', `You are now connected with ${a.receiverName}`, {
      requestId: a.requestId,
      partnerId: a.receiverId,
      status: 'accepted',
    }),
  connectionDeclined: (a: { receiverName: string; requestId: string }) =>
    content(
      'connection_request',
      'Connection request declined',
      `${a.receiverName} declined your connection request`,
      { requestId: a.requestId, status: 'rejected' },
    ),
  taskAssigned: (a: { assignerName: string; title: string; taskId: string; pairId: string }) =>
    content('task_assigned', 'New task assigned', `${a.assignerName} assigned you "${preview(a.title)}"`, {
      taskId: a.taskId,
      pairId: a.pairId,
    }),
  /** A task that waits for the submissive's yes (decision 056): never which limit made it a request. */
  taskRequested: (a: { assignerName: string; title: string; taskId: string; pairId: string }) =>
    content('task_assigned', 'New request', `${a.assignerName} asks you to accept "${preview(a.title)}"`, {
      taskId: a.taskId,
      pairId: a.pairId,
    }),
  taskCompleted: (a: {
    submissiveName: string;
    title: string;
    taskId: string;
    completionId: string;
    pairId: string;
  }) =>
    content('task_completed', 'Task completed', `${a.submissiveName} completed "${preview(a.title)}"`, {
      taskId: a.taskId,
      completionId: a.completionId,
      pairId: a.pairId,
    }),
  aboveAndBeyond: (a: {
    submissiveName: string;
    title: string;
    taskId: string;
    completionId: string;
    pairId: string;
  }) =>
    content(
      'task_completed',
      'Above & Beyond',
      `${a.submissiveName} went above and beyond: "${preview(a.title)}"`,
      { taskId: a.taskId, completionId: a.completionId, pairId: a.pairId },
    ),
  taskCompletedByDominant: (a: {
    dominantName: string;
    title: string;
    taskId: string;
    completionId: string;
    pairId: string;
  }) =>
    content(
      'task_completed_by_dominant',
      'Task completed for you',
      `${a.dominantName} marked "${preview(a.title)}" as complete`,
      { taskId: a.taskId, completionId: a.completionId, pairId: a.pairId },
    ),
  taskFeedback: (a: {
    giverName: string;
    title: string;
    feedback: string;
    taskId: string | null;
    completionId: string | null;
    pairId: string;
  }) =>
    content(
      'task_feedback',
      'Feedback received',
      `${a.giverName} left feedback on "${preview(a.title)}": ${preview(a.feedback)}`,
      { kind: 'task', taskId: a.taskId, completionId: a.completionId, pairId: a.pairId },
    ),
  punishmentAssigned: (a: { assignerName: string; title: string; punishmentId: string; pairId: string }) =>
    content(
      'punishment_assigned',
      'New punishment assigned',
      `${a.assignerName} assigned you a punishment: "${preview(a.title)}"`,
      { punishmentId: a.punishmentId, pairId: a.pairId },
    ),
  /** A punishment that waits for the submissive's yes (decision 056). */
  punishmentRequested: (a: { assignerName: string; title: string; punishmentId: string; pairId: string }) =>
    content(
      'punishment_assigned',
      'New request',
      `${a.assignerName} asks you to accept a punishment: "${preview(a.title)}"`,
      { punishmentId: a.punishmentId, pairId: a.pairId },
    ),
  punishmentCompleted: (a: { submissiveName: string; title: string; punishmentId: string; pairId: string }) =>
    content(
      'punishment_completed',
      'Punishment completed',
      `${a.submissiveName} completed the punishment "${preview(a.title)}"`,
      { punishmentId: a.punishmentId, pairId: a.pairId },
    ),
  punishmentFeedback: (a: {
    giverName: string;
    title: string;
    feedback: string;
    punishmentId: string;
    pairId: string;
  }) =>
    content(
      'punishment_feedback',
      'Feedback received',
      `${a.giverName} left feedback on the punishment "${preview(a.title)}": ${preview(a.feedback)}`,
      { kind: 'punishment', punishmentId: a.punishmentId, pairId: a.pairId },
    ),
  /** Spec 2 §7: the receiver hears the sender's name and the first 50 characters, with the message id. */
  messageSent: (a: {
    senderName: string;
    text: string;
    voice?: boolean;
    messageId: string;
    pairId: string;
    senderId: string;
  }) =>
    // A sealed text (decision 101) is carried as it is, for the receiver's browser to open and preview; the
    // server's own words say only that a message came.
    isSealedText(a.text)
      ? content(
          'message_sent',
          'New message',
          `${a.senderName}: ${a.voice ? 'Voice message' : 'Encrypted message'}`,
          {
            messageId: a.messageId,
            pairId: a.pairId,
            senderId: a.senderId,
            sealed: a.text,
            sealedKind: a.voice ? SEALED_KINDS.journalTitle : SEALED_KINDS.journalText,
          },
        )
      : content('message_sent', 'New message', `${a.senderName}: ${preview(a.text)}`, {
          messageId: a.messageId,
          pairId: a.pairId,
          senderId: a.senderId,
        }),
  /** Spec 2 §7 "contract updated": an edit, a signature or an edit request, told to the partner. */
  contractUpdated: (a: {
    actorId: string;
    actorName: string;
    change: ContractChange;
    contractId: string;
    pairId: string;
  }) =>
    content('contract_updated', 'Contract updated', `${a.actorName} ${CONTRACT_CHANGES[a.change]}`, {
      contractId: a.contractId,
      pairId: a.pairId,
      // Who changed it: the contract page opens on the contract shared with them.
      partnerId: a.actorId,
    }),
  /**
   * Red (decision 049): told at once, whatever the quiet hours, with nothing but that it happened: no
   * name, no reason. The same words in the bell and in the push.
   */
  redCalled: (a: { pairId: string }) =>
    content('red_called', 'Red', 'Your partner has called Red', { pairId: a.pairId }),
  redLifted: (a: { pairId: string }) =>
    content('red_lifted', 'Red lifted', 'Your partner has lifted Red', { pairId: a.pairId }),
  checkinAsked: (a: { pairId: string; checkinId: string }) =>
    content('checkin_asked', 'Yellow', 'Your partner asks you to check in', {
      pairId: a.pairId,
      checkinId: a.checkinId,
    }),
  /**
   * The pair's cadence opened a check-in (decision 052): an ordinary notification (discreet push unless
   * details are on, held in quiet hours), asked once, never reminded.
   */
  checkinScheduled: (a: { pairId: string; checkinId: string }) =>
    content('checkin_scheduled', 'Check-in', 'Time to check in: how are you?', {
      pairId: a.pairId,
      checkinId: a.checkinId,
    }),
  /**
   * Aftercare (decision 054): both partners are asked, after a punishment marked "aftercare required" or
   * a lifted Red. Not a safety push: held by quiet hours and by a stopped pair like any other; discreet
   * unless details are on, and even then it carries only the question, never a note.
   */
  aftercareAsked: (a: { pairId: string; aftercareId: string }) =>
    content('aftercare_asked', 'Aftercare', 'How are you? What do you need?', {
      pairId: a.pairId,
      aftercareId: a.aftercareId,
    }),
  /** The partner marked their limits list finished (decision 055): that alone, never an answer. */
  limitsFinished: (a: { pairId: string }) =>
    content('limits_finished', 'Limits list', 'Your partner finished their limits list', {
      pairId: a.pairId,
    }),
  /** The submissive confirmed the pair's first negotiation (decision 058): the dominant is told, nothing more. */
  negotiationConfirmed: (a: { pairId: string }) =>
    content('negotiation_confirmed', 'First negotiation', 'Your partner confirmed your first negotiation', {
      pairId: a.pairId,
    }),
  /**
   * Open tasks or punishments were paused because an answer became a No (decision 056): sent to both
   * partners alike, never whose answer or which item.
   */
  limitPaused: (a: { pairId: string }) =>
    content('limit_paused', 'Paused', 'Paused because a limit changed', { pairId: a.pairId }),
  /** The submissive declined a request (decision 056): never which limit made it one. */
  limitDeclined: (a: { pairId: string; title: string }) =>
    content('limit_declined', 'Request declined', `Your partner declined "${preview(a.title)}"`, {
      pairId: a.pairId,
    }),
  ...structureNotify,
  ...rewardsNotify,
  ...permissionsNotify,
  ...ritualsNotify,
} as const;

/** What the partner did to the shared contract, as the notification says it. */
const CONTRACT_CHANGES = {
  edited: 'edited the contract',
  template_loaded: 'loaded a new template into the contract',
  reset: 'reset the contract to the default template',
  signed: 'signed the contract',
  edit_requested: 'asked to edit the contract',
  edit_approved: 'approved your edit request',
  edit_denied: 'denied your edit request',
  caps_lowered: 'lowered a cap of the contract',
} as const;
export type ContractChange = keyof typeof CONTRACT_CHANGES;

import { z } from 'zod';
import { uuidField } from './common';

/** The texts of the pair's record (decision 053). */
export const RECORD_TEXT = {
  notFound: 'Record not found',
  badKind: 'Unknown kind of entry',
  badCursor: 'Invalid page cursor',
  bothIds: 'Name a pair or a partner, not both',
  verifyLimited: 'Too many checks. Try again later.',
} as const;

/** Every kind of entry, `<group>.<what happened>`. No entry carries text a user wrote. */
export const RECORD_KINDS = [
  'task.assigned',
  'task.edited',
  'task.deleted',
  'task.restored',
  'task.accepted',
  'task.declined',
  'task.completed',
  'task.above_and_beyond',
  'task.feedback',
  'task.feedback_acknowledged',
  'punishment.assigned',
  'punishment.started',
  'punishment.completed',
  'punishment.reopened',
  'punishment.feedback',
  'punishment.accepted',
  'punishment.declined',
  'punishment.tags_edited',
  'punishment.deleted',
  'red.called',
  'red.lifted',
  'yellow.asked',
  'yellow.answered',
  'checkin.answered',
  'checkin.cadence_set',
  'contract.created',
  'contract.edited',
  'contract.template_loaded',
  'contract.reset',
  'contract.signed',
  'contract.edit_requested',
  'contract.edit_approved',
  'contract.edit_denied',
  'contract.caps_lowered',
  'limits.changed',
  'negotiation.confirmed',
  'negotiation.withdrawn',
  'negotiation.wishes_changed',
  'rule.written',
  'rule.edited',
  'rule.acknowledged',
  'rule.retired',
  'infraction.logged',
  'infraction.contested',
  'infraction.withdrawn',
  'infraction.punished',
  'points.awarded',
  'points.corrected',
  'reward.added',
  'reward.edited',
  'reward.retired',
  'reward.restored',
  'reward.redeemed',
  'reward.granted',
  'reward.denied',
  'permission.requested',
  'permission.granted',
  'permission.denied',
  'permission.withdrawn',
  'ritual.set',
  'ritual.edited',
  'ritual.retired',
  'ritual.marked',
  'proof.expired',
  'proof.deleted',
  'pair.connected',
  'pair.disconnected',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The groups the record is filtered by: the part of a kind before its dot. */
export const RECORD_GROUPS = [
  'task',
  'punishment',
  'red',
  'yellow',
  'checkin',
  'contract',
  'limits',
  'negotiation',
  'rule',
  'infraction',
  'points',
  'reward',
  'permission',
  'ritual',
  'proof',
  'pair',
] as const;
export type RecordGroup = (typeof RECORD_GROUPS)[number];

export const RECORD_GROUP_LABELS: Record<RecordGroup, string> = {
  task: 'Tasks',
  punishment: 'Punishments',
  red: 'Red',
  yellow: 'Yellow',
  checkin: 'Check-ins',
  contract: 'Contract',
  limits: 'Limits',
  negotiation: 'First negotiation',
  rule: 'Rules',
  infraction: 'Infractions',
  points: 'Points',
  reward: 'Rewards',
  permission: 'Permissions',
  ritual: 'Rituals',
  proof: 'Proofs',
  pair: 'Connection',
};

/** What each kind says on screen, the actor's name or "You" before it. */
export const RECORD_KIND_LABELS: Record<RecordKind, string> = {
  'task.assigned': 'assigned a task',
  'task.edited': 'edited a task',
  'task.deleted': 'deleted a task',
  'task.restored': 'undid the deletion of a task',
  'task.accepted': 'accepted a request',
  'task.declined': 'declined a request',
  'task.completed': 'completed a task',
  'task.above_and_beyond': 'recorded Above & Beyond',
  'task.feedback': 'gave feedback on a task',
  'task.feedback_acknowledged': 'acknowledged feedback on a task',
  'punishment.assigned': 'assigned a punishment',
  'punishment.started': 'started a punishment timer',
  'punishment.completed': 'completed a punishment',
  'punishment.reopened': 'marked a punishment not completed',
  'punishment.feedback': 'gave feedback on a punishment',
  'punishment.accepted': 'accepted a request',
  'punishment.declined': 'declined a request',
  'punishment.tags_edited': 'changed the limits of a punishment',
  'punishment.deleted': 'deleted a punishment',
  'red.called': 'called Red',
  'red.lifted': 'lifted Red',
  'yellow.asked': 'asked for a check-in (Yellow)',
  'yellow.answered': 'answered a check-in',
  'checkin.answered': 'answered a scheduled check-in',
  'checkin.cadence_set': 'set the check-in schedule',
  'contract.created': 'opened the contract',
  'contract.edited': 'edited the contract',
  'contract.template_loaded': 'loaded the contract template',
  'contract.reset': 'reset the contract',
  'contract.signed': 'signed the contract',
  'contract.edit_requested': 'asked to edit the contract',
  'contract.edit_approved': 'approved an edit of the contract',
  'contract.edit_denied': 'declined an edit of the contract',
  'contract.caps_lowered': 'lowered a cap of the contract',
  'limits.changed': 'changed their limits',
  'negotiation.confirmed': 'confirmed the first negotiation',
  'negotiation.withdrawn': 'withdrew their confirmation of the first negotiation',
  'negotiation.wishes_changed': 'changed their aftercare wishes',
  'rule.written': 'wrote a rule',
  'rule.edited': 'changed a rule',
  'rule.acknowledged': 'acknowledged a rule',
  'rule.retired': 'retired a rule',
  'infraction.logged': 'logged an infraction',
  'infraction.contested': 'contested an infraction',
  'infraction.withdrawn': 'withdrew an infraction',
  'infraction.punished': 'assigned a punishment for an infraction',
  'points.awarded': 'awarded points',
  'points.corrected': 'corrected the points',
  'reward.added': 'added a reward',
  'reward.edited': 'changed a reward',
  'reward.retired': 'retired a reward',
  'reward.restored': 'offered a retired reward again',
  'reward.redeemed': 'asked for a reward',
  'reward.granted': 'granted a reward',
  'reward.denied': 'denied a reward',
  'permission.requested': 'asked for permission',
  'permission.granted': 'granted a permission',
  'permission.denied': 'denied a permission',
  'permission.withdrawn': 'withdrew a request for permission',
  'ritual.set': 'set a ritual',
  'ritual.edited': 'changed a ritual',
  'ritual.retired': 'retired a ritual',
  'ritual.marked': 'marked a day of a ritual',
  // An expiry names the sender, whose keep-time it was (decision 076).
  'proof.expired': 'let a proof expire',
  'proof.deleted': 'deleted a proof',
  'pair.connected': 'began the pair',
  'pair.disconnected': 'ended the pair',
};

/** The number of entries a page of the record holds. */
export const RECORD_PAGE = 50;

/**
 * GET /api/record: the record of one pair the user is or was in (`pairId`, from GET /api/record/pairs),
 * or of their pair with `partnerId` (the active one, else the latest); neither: the user's latest pair.
 * `kind` filters by a group or one kind; `cursor` is the sequence number the next page starts below.
 */
export const recordQuery = z
  .strictObject({
    pairId: uuidField(RECORD_TEXT.notFound).optional(),
    partnerId: uuidField(RECORD_TEXT.notFound).optional(),
    kind: z
      .string({ error: RECORD_TEXT.badKind })
      .refine(
        (k) =>
          (RECORD_GROUPS as readonly string[]).includes(k) || (RECORD_KINDS as readonly string[]).includes(k),
        {
          error: RECORD_TEXT.badKind,
        },
      )
      .optional(),
    cursor: z
      .string({ error: RECORD_TEXT.badCursor })
      .regex(/^[1-9][0-9]{0,9}$/, { error: RECORD_TEXT.badCursor })
      .transform(Number)
      .refine((n) => n <= 2_147_483_647, { error: RECORD_TEXT.badCursor })
      .optional(),
  })
  .refine((q) => !(q.pairId && q.partnerId), { error: RECORD_TEXT.bothIds });
export type RecordQuery = z.infer<typeof recordQuery>;

/** POST /api/record/verify: the pair whose record is checked (neither: the user's latest pair). */
export const recordVerifyInput = z.strictObject({
  pairId: uuidField(RECORD_TEXT.notFound).optional(),
});

/** A pair the user is or was in, as the record page offers it. */
export interface RecordPairView {
  id: string;
  partnerId: string;
  partnerName: string;
  myRole: 'dominant' | 'submissive';
  active: boolean;
}

/** What an entry is about, with its title read from the row as it is now (null once it is deleted). */
export interface RecordSubjectView {
  type: 'task' | 'punishment' | 'contract';
  id: string;
  title: string | null;
}

export interface RecordEntryView {
  seq: number;
  at: number;
  kind: RecordKind;
  /** Who acted: the reader, their partner, or nobody (the server itself). */
  actor: 'me' | 'partner' | null;
  /** Non-personal facts: ids, "late"/"on time", a version number… */
  facts: Record<string, string | number | boolean | null>;
  subject: RecordSubjectView | null;
}

/** GET /api/record: one page, newest first. */
export interface RecordPageView {
  pair: RecordPairView;
  entries: RecordEntryView[];
  /** The `cursor` of the next page, null at the first entry. */
  nextCursor: number | null;
}

/** POST /api/record/verify: the chain recomputed whole. */
export type RecordVerdict =
  | { ok: true; entries: number }
  | { ok: false; entries: number; brokenAt: number; reason: string };

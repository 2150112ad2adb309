import { z } from 'zod';
import type { Area } from '../domain/caps';
import {
  PERMISSION_NOTE_MAX,
  PERMISSION_WHAT_MAX,
  PERMISSIONS_TEXT,
  type PermissionStatus,
} from '../texts/permissions';
import { areasField } from './caps';
import { uuidField } from './common';
import { type LimitTagView, limitTagsField } from './limits';

export * from '../texts/permissions';

/**
 * Permission requests (issue 24 part 5, decision 069): the submissive asks (what, optionally when, a
 * note, the areas and limit items it touches); the dominant grants or denies it once, with a note; the
 * submissive may withdraw it while it waits. Both see the history.
 */

const trimmed = (max: number, tooLong: string, notText: string) =>
  z
    .string({ error: notText })
    .max(max * 4, tooLong)
    .transform((s) => s.trim())
    .refine((s) => s.length <= max, tooLong);

const note = trimmed(PERMISSION_NOTE_MAX, PERMISSIONS_TEXT.noteTooLong, PERMISSIONS_TEXT.noteText)
  .optional()
  .transform((s) => (s ? s : null));

const partnerId = uuidField(PERMISSIONS_TEXT.partnerRequired);

/** The earliest and the latest instant a request may name (as a task's due date). */
const WHEN_MIN = Date.UTC(2000, 0, 1);
const WHEN_MAX = Date.UTC(2100, 0, 1);

/** POST /api/permission-requests: the submissive asks the dominant of the pair with `partnerId`. */
export const askPermissionInput = z.strictObject({
  partnerId,
  what: trimmed(PERMISSION_WHAT_MAX, PERMISSIONS_TEXT.whatTooLong, PERMISSIONS_TEXT.whatRequired).refine(
    (s) => s.length > 0,
    PERMISSIONS_TEXT.whatRequired,
  ),
  /** The instant it is for (epoch ms), shown in the pair's time zone; null or left out: no time. */
  when: z
    .number({ error: PERMISSIONS_TEXT.whenInvalid })
    .int(PERMISSIONS_TEXT.whenInvalid)
    .min(WHEN_MIN, PERMISSIONS_TEXT.whenInvalid)
    .max(WHEN_MAX - 1, PERMISSIONS_TEXT.whenInvalid)
    .nullable()
    .default(null),
  note,
  /** The protected areas it touches (decision 057): one the contract protects refuses it. */
  areas: areasField,
  /** The limit items it touches (decision 056): one either partner said No to refuses it. */
  limitTags: limitTagsField,
});
export type AskPermissionInput = z.input<typeof askPermissionInput>;

/** POST /api/permission-requests/:id/grant and /deny: the dominant's note, optional. */
export const decidePermissionInput = z.strictObject({ note });
export type DecidePermissionInput = z.input<typeof decidePermissionInput>;

/** GET /api/permission-requests?partnerId=&before=: a page, newest first, from before the request `before`. */
export const permissionsQuery = z.object({
  partnerId,
  before: uuidField(PERMISSIONS_TEXT.cursorInvalid).optional(),
});

export interface PermissionRequestView {
  id: string;
  pairId: string;
  dominantId: string;
  submissiveId: string;
  what: string;
  /** The instant it is for (epoch ms), or null. */
  when: number | null;
  note: string | null;
  areas: Area[];
  limitTags: LimitTagView[];
  status: PermissionStatus;
  decisionNote: string | null;
  createdAt: number;
  /** When it was granted, denied or withdrawn. */
  decidedAt: number | null;
}

export interface PermissionListView {
  pairId: string;
  dominantId: string;
  submissiveId: string;
  requests: PermissionRequestView[];
  /** Pass as `before` for the next page; null when this page is the last. */
  nextBefore: string | null;
}

export interface PermissionAnswer {
  request: PermissionRequestView;
}

import { z } from 'zod';
import type { Caps } from '../domain/caps';
import {
  CUSTOM_PREFIX,
  isCatalogueItem,
  LIMIT_ANSWERS,
  LIMIT_TAGS_MAX,
  type LimitAnswer,
  type LimitState,
} from '../domain/limits';
import { uuidField } from './common';

/** A custom item's title: at most this many characters (decision 055). */
export const LIMIT_TITLE_MAX = 80;
/** Custom items one pair may hold. */
export const LIMIT_CUSTOM_MAX = 100;

/** The texts of the limits lists (decision 055). */
export const LIMITS_TEXT = {
  noPartner: 'Partner not found',
  badItem: 'Unknown item',
  badAnswer: 'Answer Yes, Maybe, No, or nothing',
  titleRequired: 'Give the item a title',
  titleText: 'The title must be text',
  titleTooLong: `The title must be at most ${LIMIT_TITLE_MAX} characters`,
  tooManyCustom: `A pair can add at most ${LIMIT_CUSTOM_MAX} items of their own`,
  finishedTitle: 'Limits list',
  partnerFinished: 'Your partner finished their limits list',
  /** The one refusal of a tagged write that crosses a No (decision 056): never whose No it is. */
  crossed:
    "This touches a limit one of you said No to, so it can't be assigned. Remove that tag, or talk it over together.",
  tagsList: 'Limit tags must be a list of items',
  tooManyTags: `Choose at most ${LIMIT_TAGS_MAX} limit tags`,
  duplicateTag: 'Each limit tag can be chosen once',
  notRequested: 'This is not waiting for an answer',
  onlySubmissive: 'Only the submissive can answer a request',
  inert: {
    requested: 'This is a request: it counts once it is accepted',
    paused: 'This is paused because a limit changed',
  },
  requestedTitle: 'New request',
  declinedTitle: 'Request declined',
  declined: 'Your partner declined a request',
  pausedTitle: 'Paused',
  paused: 'Paused because a limit changed',
} as const;

const itemId = z
  .string({ error: LIMITS_TEXT.badItem })
  .max(100, LIMITS_TEXT.badItem)
  .refine(
    (id) =>
      isCatalogueItem(id) ||
      (id.startsWith(CUSTOM_PREFIX) && z.uuid().safeParse(id.slice(CUSTOM_PREFIX.length)).success),
    LIMITS_TEXT.badItem,
  )
  .transform((id) => id.toLowerCase());

/**
 * The limit tags of a task or punishment (decision 056): known ids only (catalogue or `custom:<uuid>`;
 * a custom item must be the pair's, which the server checks), at most LIMIT_TAGS_MAX, none twice.
 */
export const limitTagsField = z
  .array(itemId, { error: LIMITS_TEXT.tagsList })
  .max(LIMIT_TAGS_MAX, LIMITS_TEXT.tooManyTags)
  .refine((tags) => new Set(tags).size === tags.length, LIMITS_TEXT.duplicateTag)
  .default([]);

/** A tag as the API shows it: the id and the item's title. */
export interface LimitTagView {
  id: string;
  title: string;
}

/** What a tagged task or punishment shows of its limits: its tags and whether it waits or is paused. */
export interface LimitTaggedView {
  limitTags: LimitTagView[];
  limitState: LimitState | null;
}

/** PUT /api/limits/answer: the user's answer to one item for one pair; null clears it. */
export const limitAnswerInput = z.strictObject({
  partnerId: uuidField(LIMITS_TEXT.noPartner),
  itemId,
  answer: z.enum(LIMIT_ANSWERS, { error: LIMITS_TEXT.badAnswer }).nullable(),
});
export type LimitAnswerInput = z.input<typeof limitAnswerInput>;

/** POST /api/limits/items: an item of the pair's own, trimmed, never empty. */
export const limitItemInput = z.strictObject({
  partnerId: uuidField(LIMITS_TEXT.noPartner),
  title: z
    .string({ error: LIMITS_TEXT.titleText })
    .max(LIMIT_TITLE_MAX * 4, LIMITS_TEXT.titleTooLong)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, LIMITS_TEXT.titleRequired)
    .refine((s) => s.length <= LIMIT_TITLE_MAX, LIMITS_TEXT.titleTooLong),
});
export type LimitItemInput = z.input<typeof limitItemInput>;

/** POST /api/limits/finish: the user marks their list for this pair finished. */
export const limitFinishInput = z.strictObject({ partnerId: uuidField(LIMITS_TEXT.noPartner) });

/** An item a partner added for the pair: both see its title, each answers it privately. */
export interface LimitCustomItemView {
  id: string;
  title: string;
  addedByMe: boolean;
}

/** An overlap: both said Yes, or one Yes and one Maybe (shown as Maybe). Nothing else is ever shown. */
export interface LimitMatchView {
  itemId: string;
  match: 'yes' | 'maybe';
}

/**
 * The user's limits for one active pair. `mine` holds the user's own answers only; of the partner's list
 * nothing is shown but whether they finished it, and, once both have, the matches.
 */
export interface LimitsPairView {
  pairId: string;
  partnerId: string;
  custom: LimitCustomItemView[];
  mine: Record<string, LimitAnswer>;
  finishedByMe: boolean;
  finishedByPartner: boolean;
  /** Null until both have finished. */
  matches: LimitMatchView[] | null;
  /**
   * The contract's caps in force (decision 057), shown beside the lists for both partners; every cap
   * "no cap" while the pair has no contract or nothing is in force.
   */
  capsInForce: Caps;
}

/** GET /api/limits and every write's answer. */
export interface LimitsView {
  pairs: LimitsPairView[];
}

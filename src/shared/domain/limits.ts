/**
 * The limits catalogue (decision 055): activities in groups, written for Pact in plain, neutral words.
 * Each partner answers each item privately: Yes, Maybe or No. Ids are stable: an id is never reused or
 * renamed (answers are kept by id); an item may be added, and a retired one is kept out of the list by
 * `retired`, never deleted, so its answers stay readable in an export.
 */
export interface LimitItem {
  /** Stable: `<group>.<item>`, lower case. */
  id: string;
  title: string;
  retired?: true;
}

export interface LimitGroup {
  id: string;
  title: string;
  items: readonly LimitItem[];
}

const item = (id: string, title: string): LimitItem => ({ id, title });

export const LIMIT_GROUPS: readonly LimitGroup[] = [
  {
    id: 'protocol',
    title: 'Protocol and service',
    items: [
      item('protocol.titles', 'Using titles or forms of address'),
      item('protocol.rules', 'Daily rules to follow'),
      item('protocol.rituals', 'Rituals (greetings, kneeling, check-in phrases)'),
      item('protocol.service', 'Household service'),
      item('protocol.permission', 'Asking permission for everyday things'),
      item('protocol.posture', 'Set positions or postures'),
      item('protocol.journaling', 'Keeping a journal for your partner'),
      item('protocol.clothing', 'Your partner choosing clothing'),
    ],
  },
  {
    id: 'tasks',
    title: 'Tasks and proof',
    items: [
      item('tasks.photo_proof', 'Photo proof of a task'),
      item('tasks.voice_proof', 'Voice proof of a task'),
      item('tasks.writing_lines', 'Writing lines'),
      item('tasks.exercise', 'Exercise tasks'),
      item('tasks.self_care', 'Self-care tasks (sleep, water, meals)'),
      item('tasks.timed', 'Tasks with a deadline'),
      item('tasks.public_discreet', 'Discreet tasks done in public'),
    ],
  },
  {
    id: 'discipline',
    title: 'Discipline',
    items: [
      item('discipline.corner_time', 'Corner time'),
      item('discipline.lines', 'Lines as a punishment'),
      item('discipline.loss_privilege', 'Losing a privilege for a while'),
      item('discipline.apology', 'A written apology'),
      item('discipline.timers', 'Timed punishments'),
      item('discipline.funishment', 'Playful punishments'),
    ],
  },
  {
    id: 'words',
    title: 'Words and attitude',
    items: [
      item('words.praise', 'Praise'),
      item('words.pet_names', 'Pet names'),
      item('words.teasing', 'Teasing'),
      item('words.degradation', 'Degrading words'),
      item('words.humiliation_private', 'Humiliation in private'),
      item('words.begging', 'Begging'),
    ],
  },
  {
    id: 'restraint',
    title: 'Restraint and sensation',
    items: [
      item('restraint.cuffs', 'Cuffs'),
      item('restraint.rope', 'Rope'),
      item('restraint.blindfold', 'Blindfold'),
      item('restraint.gag', 'Gag'),
      item('restraint.spanking_hand', 'Spanking by hand'),
      item('restraint.implements', 'Impact with implements'),
      item('restraint.wax', 'Wax'),
      item('restraint.ice', 'Ice or temperature play'),
      item('restraint.tickling', 'Tickling'),
      item('restraint.marks', 'Play that may leave marks'),
    ],
  },
  {
    id: 'control',
    title: 'Control',
    items: [
      item('control.orgasm', 'Orgasm control'),
      item('control.chastity', 'Chastity'),
      item('control.schedule', 'Your partner setting parts of your schedule'),
      item('control.food', 'Rules about food or drink'),
      item('control.sleep', 'Rules about bedtime'),
      item('control.phone_checkins', 'Messages or check-ins at set times'),
      item('control.location', 'Sharing where you are'),
    ],
  },
  {
    id: 'intimacy',
    title: 'Intimacy',
    items: [
      item('intimacy.kissing', 'Kissing'),
      item('intimacy.massage', 'Massage'),
      item('intimacy.oral', 'Oral sex'),
      item('intimacy.toys', 'Toys'),
      item('intimacy.roleplay', 'Role play'),
      item('intimacy.dirty_talk', 'Dirty talk'),
      item('intimacy.photos', 'Intimate photos (kept between you)'),
      item('intimacy.video_call', 'Intimate video calls'),
    ],
  },
  {
    id: 'outside',
    title: 'Beyond the two of you',
    items: [
      item('outside.public_signs', 'Discreet signs in public (a word, a piece of jewellery)'),
      item('outside.friends_know', 'Friends who know about your dynamic'),
      item('outside.events', 'Kink events or munches'),
      item('outside.online', 'Talking about your dynamic online, anonymously'),
    ],
  },
];

/** Every catalogue item still offered, in order. */
export const LIMIT_ITEMS: readonly LimitItem[] = LIMIT_GROUPS.flatMap((g) =>
  g.items.filter((i) => !i.retired),
);

const CATALOGUE_IDS = new Set(LIMIT_GROUPS.flatMap((g) => g.items.map((i) => i.id)));

/** A catalogue id, also a retired one. */
export const isCatalogueItem = (id: string) => CATALOGUE_IDS.has(id);

/** A custom item's id in answers: `custom:<uuid>`. */
export const CUSTOM_PREFIX = 'custom:';
export const customItemId = (uuid: string) => `${CUSTOM_PREFIX}${uuid}`;

export const LIMIT_ANSWERS = ['yes', 'maybe', 'no'] as const;
export type LimitAnswer = (typeof LIMIT_ANSWERS)[number];

/**
 * What two answers make together: both Yes is a Yes match; Yes and Maybe (either way round) a Maybe match;
 * anything else (a No, a Maybe on both sides, an item one of them left open) is no match and shows nothing.
 */
export function limitMatch(a: LimitAnswer | null, b: LimitAnswer | null): 'yes' | 'maybe' | null {
  if (a === 'yes' && b === 'yes') return 'yes';
  if ((a === 'yes' && b === 'maybe') || (a === 'maybe' && b === 'yes')) return 'maybe';
  return null;
}

/** The catalogue item with this id, also a retired one. */
const CATALOGUE_BY_ID = new Map(LIMIT_GROUPS.flatMap((g) => g.items.map((i) => [i.id, i] as const)));
export const catalogueItem = (id: string): LimitItem | undefined => CATALOGUE_BY_ID.get(id);

/** A task or punishment carries at most this many limit tags (decision 056). */
export const LIMIT_TAGS_MAX = 10;

/**
 * Where a tagged task or punishment stands against the pair's limits (decision 056): `requested` waits for
 * the submissive to accept it (a tag they answered Maybe); `paused` carries a tag that became a No after it
 * was set. Both are inert: not due, no reminders, no timer, never past due. Null: active as usual.
 */
export const LIMIT_STATES = ['requested', 'paused'] as const;
export type LimitState = (typeof LIMIT_STATES)[number];

/**
 * What a set of tags makes of a write, from the answers to those tags: `crossed` when either partner
 * answered No to one of them; `requested` when the submissive answered Maybe to one; else `active`.
 * An item a partner has not answered is not a No.
 */
export function limitVerdict(
  answers: readonly { userId: string; answer: LimitAnswer }[],
  submissiveId: string,
): 'crossed' | 'requested' | 'active' {
  if (answers.some((a) => a.answer === 'no')) return 'crossed';
  if (answers.some((a) => a.answer === 'maybe' && a.userId === submissiveId)) return 'requested';
  return 'active';
}

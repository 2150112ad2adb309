import { z } from 'zod';
import {
  JOURNAL_MESSAGES,
  MESSAGE_CONTENT_MAX,
  MESSAGE_PAGE,
  MESSAGE_TITLE_MAX,
  MESSAGE_TONES,
  type MessageTone,
} from '../texts/journal';
import type { ProofGone } from '../texts/media';
import { sealableText, uuidField } from './common';

export {
  JOURNAL_MESSAGES,
  MESSAGE_CONTENT_MAX,
  MESSAGE_PAGE,
  MESSAGE_TITLE_MAX,
  MESSAGE_TONES,
  type MessageTone,
};

/** 9999-12-31T23:59:59.999Z, the latest moment a cursor may name. */
export const MESSAGE_CURSOR_MAX_MS = 253_402_300_799_999;

/** A point in a conversation: messages strictly older than it, by (created_at, id). "<ms>_<uuid>". */
const CURSOR = /^(\d{1,15})_([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

export const encodeMessageCursor = (message: { createdAt: number; id: string }) =>
  `${message.createdAt}_${message.id}`;

const cursorField = z
  .string({ error: 'Invalid cursor' })
  .max(60, 'Invalid cursor')
  .regex(CURSOR, 'Invalid cursor')
  .transform((s) => {
    const [, at, id] = CURSOR.exec(s)!;
    return { at: Number(at), id: id!.toLowerCase() };
  })
  // The last millisecond of year 9999: PostgreSQL reads no later ISO date (a cursor past it answered 500).
  .refine((c) => c.at <= MESSAGE_CURSOR_MAX_MS, 'Invalid cursor');

/** GET /api/journal/messages?partnerId=…&before=…: a page of the conversation with one partner. */
export const messagesQuery = z.object({
  partnerId: uuidField(JOURNAL_MESSAGES.partnerRequired),
  before: cursorField.optional(),
});

/** POST /api/journal/messages: a text message, or a voice message with an optional title (spec 2 §2, §5). */
export const sendMessageInput = z
  .object({
    partnerId: uuidField(JOURNAL_MESSAGES.partnerRequired),
    kind: z
      .enum(['text', 'voice'], { error: 'A message is a text message or a voice message' })
      .default('text'),
    tone: z.enum(MESSAGE_TONES, { error: 'Tone must be green, yellow or red' }).default('green'),
    content: sealableText({
      max: MESSAGE_CONTENT_MAX,
      notText: 'Message must be text',
      tooLong: `Message must be at most ${MESSAGE_CONTENT_MAX} characters`,
    }).default(''),
    voiceNoteId: uuidField(JOURNAL_MESSAGES.voiceRequired).nullable().default(null),
    voiceNoteDescription: sealableText({
      max: MESSAGE_TITLE_MAX,
      notText: 'Title must be text',
      tooLong: `Title must be at most ${MESSAGE_TITLE_MAX} characters`,
    })
      .nullable()
      .default(null),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'text' && v.content.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: JOURNAL_MESSAGES.contentRequired });
    }
    if (v.kind === 'voice' && !v.voiceNoteId) {
      ctx.addIssue({ code: 'custom', path: ['voiceNoteId'], message: JOURNAL_MESSAGES.voiceRequired });
    }
  });
export type SendMessageInput = z.input<typeof sendMessageInput>;

/** A journal message as the API shows it (spec 2 §3, with senderName). `voiceNote` is a media id. */
export interface MessageView {
  id: string;
  pairId: string;
  senderId: string;
  senderName: string;
  receiverId: string;
  content: string;
  tone: MessageTone;
  voiceNote: string | null;
  /** Where the voice message was, once expired or deleted by its sender (decision 076). */
  voiceNoteGone: ProofGone | null;
  voiceNoteDescription: string | null;
  createdAt: number;
}

/** A page: its messages oldest first; `olderCursor` asks for the page before it (null: none left). */
export interface MessagePage {
  messages: MessageView[];
  olderCursor: string | null;
}

/** How many earlier messages one request may seal (decision 101): a page of the conversation. */
export const SEAL_BATCH_MAX = MESSAGE_PAGE;

/**
 * POST /api/journal/messages/seal: the sender's earlier messages, written before the pair was sealed, sealed
 * now in their browser (decision 101): each the message's text and, for a voice message, its title.
 */
export const sealMessagesInput = z.object({
  partnerId: uuidField(JOURNAL_MESSAGES.partnerRequired),
  messages: z
    .array(
      z.strictObject({
        id: uuidField(),
        content: sealableText({
          max: MESSAGE_CONTENT_MAX,
          notText: 'Message must be text',
          tooLong: `Message must be at most ${MESSAGE_CONTENT_MAX} characters`,
        }).optional(),
        voiceNoteDescription: sealableText({
          max: MESSAGE_TITLE_MAX,
          notText: 'Title must be text',
          tooLong: `Title must be at most ${MESSAGE_TITLE_MAX} characters`,
        }).optional(),
      }),
      { error: `Send between 1 and ${MESSAGE_PAGE} messages` },
    )
    .min(1, `Send between 1 and ${MESSAGE_PAGE} messages`)
    .max(MESSAGE_PAGE, `Send between 1 and ${MESSAGE_PAGE} messages`),
});

import type { MessageView } from '@/shared/schemas/journal';
import type { journalMessages } from '../../db/schema';

/** A journal message as the API shows it: the row with its sender's name, times in epoch ms. */
export function presentMessage(row: {
  message: typeof journalMessages.$inferSelect;
  senderName: string | null;
}): MessageView {
  const m = row.message;
  return {
    id: m.id,
    pairId: m.pairId,
    senderId: m.senderId,
    senderName: row.senderName ?? 'Unknown User',
    receiverId: m.receiverId,
    content: m.content,
    tone: m.tone,
    voiceNote: m.voiceNote,
    voiceNoteGone: m.voiceNoteGone ?? null,
    voiceNoteDescription: m.voiceNoteDescription,
    createdAt: m.createdAt.getTime(),
  };
}

import type { NoteView } from '@/shared/schemas/journal';
import type { notes } from '../../db/schema';

/** A journal message as the API shows it: the row with its sender's name, times in epoch ms. */
export function presentNote(row: { note: typeof notes.$inferSelect; senderName: string | null }): NoteView {
  const n = row.note;
  return {
    id: n.id,
    pairId: n.pairId,
    senderId: n.senderId,
    senderName: row.senderName ?? 'Unknown User',
    receiverId: n.receiverId,
    content: n.content,
    tone: n.tone,
    voiceNote: n.voiceNote,
    voiceNoteDescription: n.voiceNoteDescription,
    createdAt: n.createdAt.getTime(),
  };
}

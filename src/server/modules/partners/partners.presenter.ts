import type { Role, SessionRole } from '@/shared/domain/roles';
import type { BlockedUserView, RequestView, UserSearchResult } from '@/shared/schemas/partners';

interface UserRow {
  id: string;
  displayName: string;
  role: Role;
  photoUrl: string | null;
}

export const presentSearchResult = (u: UserRow): UserSearchResult => ({
  id: u.id,
  displayName: u.displayName,
  role: u.role,
  photoURL: u.photoUrl,
});

export interface RequestRow {
  id: string;
  senderId: string;
  senderName: string;
  senderRole: SessionRole;
  senderPhotoURL: string | null;
  receiverId: string;
  receiverName: string;
  receiverRole: Role;
  receiverPhotoURL: string | null;
  status: 'pending' | 'accepted' | 'rejected';
  createdAt: Date;
}

export const presentRequest = (r: RequestRow): RequestView => ({ ...r, createdAt: r.createdAt.getTime() });

export const presentBlocked = (b: {
  id: string;
  userId: string;
  displayName: string;
  role: Role;
  username: string;
  createdAt: Date;
}): BlockedUserView => ({ ...b, createdAt: b.createdAt.getTime() });

import { z } from 'zod';
import { EMAIL_MAX, normalizeEmail } from '../domain/identity';
import type { Role, SessionRole } from '../domain/roles';
import { uuidField } from './common';

/** Partner search: the exact address, compared in its stored (lower-cased) form. */
export const searchUsersInput = z.object({
  email: z
    .string({ error: 'Email is required' })
    .max(EMAIL_MAX, 'Please enter a valid email address')
    .transform(normalizeEmail)
    // Loose on purpose (a search for a pattern simply finds nobody), but plain ASCII, as every stored
    // address is (decision 014).
    .refine(
      (v) => v.length >= 5 && v.includes('@') && v.includes('.') && /^[\x21-\x7e]+$/.test(v),
      'Please enter a valid email address',
    ),
});

export const sendRequestInput = z.object({ receiverId: uuidField('Please choose a user to connect with') });

export const blockUserInput = z.object({ userId: uuidField('Please choose a user to block') });

export const partnerIdParam = z.object({ partnerId: uuidField() });

/** Search results reveal only what a request dialog needs. */
export interface UserSearchResult {
  id: string;
  displayName: string;
  role: Role;
  photoURL: string | null;
}

export interface PartnerView {
  id: string;
  name: string;
  role: Role;
  photoURL: string | null;
}

export type RequestStatus = 'pending' | 'accepted' | 'rejected';

/** Request view object (spec 1, section 3). */
export interface RequestView {
  id: string;
  senderId: string;
  senderName: string;
  senderRole: SessionRole;
  /** Where the sender's profile picture is served, or null (the same for the receiver's below). */
  senderPhotoURL: string | null;
  receiverId: string;
  receiverName: string;
  receiverRole: Role;
  receiverPhotoURL: string | null;
  status: RequestStatus;
  createdAt: number;
}

export interface BlockedUserView {
  id: string;
  userId: string;
  displayName: string;
  role: Role;
  username: string;
  createdAt: number;
}

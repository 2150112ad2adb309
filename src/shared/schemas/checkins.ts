import { z } from 'zod';
import { uuidField } from './common';

/** The texts of Yellow (decision 049). */
export const CHECKIN_TEXT = {
  checkingIn: 'Yellow was called: a check-in is open. Nothing new can be asked until it is answered.',
  noPartner: 'No partner connection found',
  notFound: 'Check-in not found',
  ownAsk: 'Your partner answers the check-in you asked for.',
} as const;

/** POST /api/checkins (call Yellow): every active pair of the caller, or only the one with `partnerId`. */
export const checkinInput = z.strictObject({ partnerId: uuidField(CHECKIN_TEXT.noPartner).optional() });
export type CheckinInput = z.infer<typeof checkinInput>;

/** An open check-in in one of the user's pairs: who asked it (me or the partner) and when. */
export interface CheckinView {
  id: string;
  pairId: string;
  partnerId: string;
  askedByMe: boolean;
  askedAt: number;
}

/** GET /api/checkins, and what asking or answering answers: the open check-ins of the user's active pairs. */
export interface CheckinsView {
  checkins: CheckinView[];
}

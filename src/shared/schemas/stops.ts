import { z } from 'zod';
import { uuidField } from './common';

/** The texts of Red (decision 049). */
export const STOP_TEXT = {
  stopped: 'Red was called. Nothing new can be asked until it is lifted.',
  notYours: 'There is no Red of yours to lift.',
  noPartner: 'No partner connection found',
} as const;

/**
 * POST /api/stops (call Red) and POST /api/stops/lift: every active pair of the caller, or only the one
 * with `partnerId`.
 */
export const stopInput = z.strictObject({ partnerId: uuidField(STOP_TEXT.noPartner).optional() });
export type StopInput = z.infer<typeof stopInput>;

/** An open stop in one of the user's pairs: who called it (me or the partner) and when. */
export interface StopView {
  id: string;
  pairId: string;
  partnerId: string;
  calledByMe: boolean;
  calledAt: number;
  /**
   * The pair's clock: stopped since this moment, without a break (overlapping stops of both partners are one
   * stretch). What falls due from then on is on hold until the last stop is lifted and it is moved on.
   */
  stoppedSince: number;
}

/** GET /api/stops, and what calling or lifting Red answers: the open stops of the user's active pairs. */
export interface StopsView {
  stops: StopView[];
}

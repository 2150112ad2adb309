import { z } from 'zod';
import { WEEKS_TEXT } from '../texts/weeks';
import { uuidField } from './common';

export * from '../texts/weeks';

/** GET /api/weeks?partnerId=: the pair with this partner (decision 071). */
export const weeksQuery = z.object({ partnerId: uuidField(WEEKS_TEXT.partnerRequired) });

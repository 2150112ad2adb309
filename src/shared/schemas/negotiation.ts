import { z } from 'zod';
import { uuidField } from './common';

/** A partner's aftercare wishes: at most this many characters (decision 058). */
export const AFTERCARE_WISHES_MAX = 1000;

/** The texts of the first negotiation (decision 058). */
export const NEGOTIATION_TEXT = {
  /** The refusal of a new assignment while the submissive has not confirmed (409 NEGOTIATION_PENDING). */
  pending: 'Your partner has not confirmed your first negotiation yet.',
  noPartner: 'Partner not found',
  onlySubmissive: 'Only the submissive of the pair can confirm or withdraw the first negotiation',
  wishesText: 'Aftercare wishes must be text',
  wishesTooLong: `Aftercare wishes must be at most ${AFTERCARE_WISHES_MAX} characters`,
  confirmedTitle: 'First negotiation',
  confirmed: 'Your partner confirmed your first negotiation',
} as const;

/** POST /api/negotiation/confirm and /withdraw: the submissive, for their pair with this partner. */
export const negotiationPartnerInput = z.strictObject({ partnerId: uuidField(NEGOTIATION_TEXT.noPartner) });
export type NegotiationPartnerInput = z.input<typeof negotiationPartnerInput>;

/** PUT /api/negotiation/aftercare: the user's own aftercare wishes for the pair, trimmed; empty is "none yet". */
export const aftercareWishesInput = z.strictObject({
  partnerId: uuidField(NEGOTIATION_TEXT.noPartner),
  wishes: z
    .string({ error: NEGOTIATION_TEXT.wishesText })
    .max(AFTERCARE_WISHES_MAX * 4, NEGOTIATION_TEXT.wishesTooLong)
    .transform((s) => s.trim())
    .refine((s) => s.length <= AFTERCARE_WISHES_MAX, NEGOTIATION_TEXT.wishesTooLong),
});
export type AftercareWishesInput = z.input<typeof aftercareWishesInput>;

/** One active pair's first negotiation, as the user sees it. */
export interface NegotiationPairView {
  pairId: string;
  partnerId: string;
  /** The user's place in this pair: the submissive confirms. */
  myRole: 'dominant' | 'submissive';
  /** When the submissive confirmed it (ms), or null: nothing new can be assigned in the pair until then. */
  confirmedAt: number | null;
  /** The user's own aftercare wishes ('' for none yet), and the partner's: both read both. */
  myAftercare: string;
  partnerAftercare: string;
}

export interface NegotiationView {
  pairs: NegotiationPairView[];
}

import { z } from 'zod';
import { PROOF_KEEPS, PROOF_TEXT, type ProofKeep } from '../texts/media';
import { uuidField } from './common';

export * from '../texts/media';

/** Every upload names the partner it is for: the file belongs to the pair the two form. */
const partnerIdField = uuidField('Please choose a partner');

/** How long the file is kept (decision 076): absent, until its sender deletes it. */
const keepField = z.enum(PROOF_KEEPS, { error: PROOF_TEXT.badKeep });

/** POST /api/media/photo?partnerId=…&keep=… (the body is the image itself). */
export const photoUploadQuery = z.object({ partnerId: partnerIdField, keep: keepField.optional() });

/** POST /api/media/audio?partnerId=…&durationMs=… (the body is the recording; its length is required). */
export const audioUploadQuery = z.object({
  partnerId: partnerIdField,
  keep: keepField.optional(),
  durationMs: z.coerce
    .number({ error: 'The length of the recording is required' })
    .int('The length of the recording is required')
    .min(0, 'The length of the recording is required')
    .max(600_000, 'Maximum recording time of 1 minute reached.'),
});

/** PUT /api/media/keep: the default keep-time the proof controls start at (decision 076). */
export const proofKeepInput = z.strictObject({ keep: keepField });

export interface ProofKeepView {
  keep: ProofKeep;
}

/** An uploaded file as the API shows it; its bytes are served by GET /api/media/:id to the pair only. */
export interface MediaView {
  id: string;
  kind: 'photo' | 'audio';
  mime: string;
  sizeBytes: number;
  durationMs: number | null;
  /** When the file is deleted by itself (decision 076); null: kept until its sender deletes it. */
  expiresAt: string | null;
}

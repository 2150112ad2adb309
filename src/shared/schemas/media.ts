import { z } from 'zod';
import { uuidField } from './common';

/** Every upload names the partner it is for: the file belongs to the pair the two form. */
const partnerIdField = uuidField('Please choose a partner');

/** POST /api/media/photo?partnerId=… (the body is the image itself). */
export const photoUploadQuery = z.object({ partnerId: partnerIdField });

/** POST /api/media/audio?partnerId=…&durationMs=… (the body is the recording; its length is required). */
export const audioUploadQuery = z.object({
  partnerId: partnerIdField,
  durationMs: z.coerce
    .number({ error: 'The length of the recording is required' })
    .int('The length of the recording is required')
    .min(0, 'The length of the recording is required')
    .max(600_000, 'Maximum recording time of 1 minute reached.'),
});

/** An uploaded file as the API shows it; its bytes are served by GET /api/media/:id to the pair only. */
export interface MediaView {
  id: string;
  kind: 'photo' | 'audio';
  mime: string;
  sizeBytes: number;
  durationMs: number | null;
}

import { z } from 'zod';

export const uuidField = (message = 'Invalid id') => z.uuid({ error: message });

export const idParam = z.object({ id: uuidField() });

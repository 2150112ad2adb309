import type { RitualAnswer, RitualListView, RitualView } from '@/shared/schemas/rituals';
import type { Couple } from '../../test/partners';
import { expectBody } from '../../test/responses';
import type { TestUser } from '../../test/users';

/* What the rituals' tests share: setting one, marking a day, reading the list. */

export const NUL = '\u0000';
export const MISSING = '3f0c7a8e-0000-4000-8000-000000000000';
/** Every day of the week. */
export const DAILY = [1, 2, 3, 4, 5, 6, 7];

export const setRitual = (who: TestUser, partnerId: string, body: Record<string, unknown>, key?: string) =>
  who.client.post(
    '/api/rituals',
    { partnerId, ...body },
    key ? { headers: { 'Idempotency-Key': key } } : undefined,
  );

export const ritualSet = async (couple: Couple, body: Record<string, unknown> = {}): Promise<RitualView> =>
  (
    (await expectBody(
      await setRitual(couple.dominant, couple.submissive.id, {
        name: 'Morning tea',
        days: DAILY,
        time: '07:30',
        ...body,
      }),
      201,
    )) as RitualAnswer
  ).ritual;

export const mark = (who: TestUser, id: string, date: string, body: Record<string, unknown>) =>
  who.client.put(`/api/rituals/${id}/days/${date}`, body);

export const marked = async (
  who: TestUser,
  id: string,
  date: string,
  body: Record<string, unknown>,
): Promise<RitualView> => ((await expectBody(await mark(who, id, date, body), 200)) as RitualAnswer).ritual;

export const ritualsOf = async (who: TestUser, partnerId: string) =>
  (await expectBody(await who.client.get(`/api/rituals?partnerId=${partnerId}`), 200)) as RitualListView;

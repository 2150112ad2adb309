import type {
  PermissionAnswer,
  PermissionListView,
  PermissionRequestView,
} from '@/shared/schemas/permissions';
import type { Couple } from '../../test/partners';
import { expectBody } from '../../test/responses';
import type { TestUser } from '../../test/users';

/* What the permission requests' tests share: asking, deciding, withdrawing, reading the list. */

export const NUL = '\u0000';
export const MISSING = '3f0c7a8e-0000-4000-8000-000000000000';

export const ask = (who: TestUser, partnerId: string, body: Record<string, unknown>, key?: string) =>
  who.client.post(
    '/api/permission-requests',
    { partnerId, ...body },
    key ? { headers: { 'Idempotency-Key': key } } : undefined,
  );

export const asked = async (couple: Couple, what = 'May I go out with friends on Friday?') =>
  ((await expectBody(await ask(couple.submissive, couple.dominant.id, { what }), 201)) as PermissionAnswer)
    .request;

export const act = (
  who: TestUser,
  id: string,
  how: 'grant' | 'deny' | 'withdraw',
  body: Record<string, unknown> = {},
) => who.client.post(`/api/permission-requests/${id}/${how}`, body);

export const acted = async (
  who: TestUser,
  id: string,
  how: 'grant' | 'deny' | 'withdraw',
  body: Record<string, unknown> = {},
): Promise<PermissionRequestView> =>
  ((await expectBody(await act(who, id, how, body), 200)) as PermissionAnswer).request;

export const requestsOf = async (who: TestUser, partnerId: string, before?: string) =>
  (await expectBody(
    await who.client.get(
      `/api/permission-requests?partnerId=${partnerId}${before ? `&before=${before}` : ''}`,
    ),
    200,
  )) as PermissionListView;

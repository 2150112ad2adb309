import type { ContractView } from '@/shared/schemas/contracts';
import type { TestClient } from './client';
import type { Couple } from './partners';
import { expectBody } from './responses';

/** The contract a couple shares, opened (created on the first call) by the dominant. */
export async function openContract(couple: Couple, by: 'dominant' | 'submissive' = 'dominant') {
  const [me, partner] =
    by === 'dominant' ? [couple.dominant, couple.submissive] : [couple.submissive, couple.dominant];
  const response = await me.client.post('/api/contracts', { partnerId: partner.id });
  const body = (await response.json()) as { contract: ContractView; created: boolean };
  if (response.status !== 200 && response.status !== 201) throw new Error(JSON.stringify(body));
  return body;
}

const contractOf = async (response: Response) =>
  (await expectBody(response as Response & { json(): Promise<{ contract: ContractView }> }, 200)).contract;

export const sign = (client: TestClient, c: Pick<ContractView, 'id' | 'versionId'>) =>
  client.post(`/api/contracts/${c.id}/sign`, { versionId: c.versionId });

export const editText = (client: TestClient, c: Pick<ContractView, 'id' | 'versionId'>, content: string) =>
  client.put(`/api/contracts/${c.id}/content`, { baseVersionId: c.versionId, content });

/** Both sign the current text; answers the fully signed contract. */
export async function signBoth(couple: Couple, c: ContractView) {
  await contractOf(await sign(couple.dominant.client, c));
  return contractOf(await sign(couple.submissive.client, c));
}

export { contractOf };

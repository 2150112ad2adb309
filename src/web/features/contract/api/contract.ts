import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Caps } from '@/shared/domain/caps';
import type { ContractView } from '@/shared/schemas/contracts';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { patchQuery } from '@/web/lib/writes';

const contracts = api.api.contracts;
const byId = contracts[':id'];

/** The contract shared with one partner, or null when none exists yet (GET /api/contracts?partnerId=). */
export const contractQuery = (partnerId: string) =>
  queryOptions({
    queryKey: queryKeys.contract(partnerId),
    queryFn: async () => (await unwrap(contracts.$get({ query: { partnerId } }))).contract,
  });
export const useContract = (partnerId: string, enabled = true) =>
  useQuery({ ...contractQuery(partnerId), enabled });

export const contractHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.contractHistory(id),
    queryFn: () => unwrap(byId.history.$get({ param: { id } })),
  });

/** A saved version never changes: once read, it is kept. */
export const contractVersionQuery = (id: string, versionId: string) =>
  queryOptions({
    queryKey: queryKeys.contractVersion(id, versionId),
    queryFn: async () =>
      (await unwrap(byId.versions[':versionId'].$get({ param: { id, versionId } }))).version,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Where the signed contract's PDF is downloaded from (an attachment, answered only when fully signed). */
export const contractPdfUrl = (id: string) => `/api/contracts/${encodeURIComponent(id)}/pdf`;

/** Each write answers the contract as it now stands: it replaces the cached one; history and bell refresh. */
function useContractWrite<I>(partnerId: string, fn: (input: I) => Promise<{ contract: ContractView }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ contract }) => {
      queryClient.setQueryData(queryKeys.contract(partnerId), contract);
      void queryClient.invalidateQueries({ queryKey: queryKeys.contractHistory(contract.id) });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.contract(partnerId) }),
  });
}

/** POST /api/contracts: opens the shared contract, creating it on the first visit. */
export function useOpenContract(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(contracts.$post({ json: { partnerId } })),
    onSuccess: ({ contract }) => queryClient.setQueryData(queryKeys.contract(partnerId), contract),
  });
}

/** The contract as it reads once the session's side has signed `versionId` (before the server says so). */
export function signedBy(contract: ContractView | null, versionId: string, now: number): ContractView | null {
  if (!contract || contract.versionId !== versionId || !contract.myRole) return contract;
  const dominant = contract.myRole === 'dominant' || contract.isDominantSigned;
  const submissive = contract.myRole === 'submissive' || contract.isSubmissiveSigned;
  return {
    ...contract,
    isDominantSigned: dominant,
    isSubmissiveSigned: submissive,
    dominantSignedAt: contract.myRole === 'dominant' ? now : contract.dominantSignedAt,
    submissiveSignedAt: contract.myRole === 'submissive' ? now : contract.submissiveSignedAt,
    signedAt: dominant && submissive ? now : contract.signedAt,
  };
}

/**
 * Signing shows at once: the cached contract reads as signed by this side before the server answers, and
 * goes back if the server refuses (the panel's toast names the failure).
 */
function useSign(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, versionId }: { id: string; versionId: string }) =>
      unwrap(byId.sign.$post({ param: { id }, json: { versionId } })),
    onMutate: async ({ versionId }) => {
      const at = Date.now();
      return {
        pending: await patchQuery<ContractView | null>(
          queryClient,
          queryKeys.contract(partnerId),
          (c) => signedBy(c, versionId, at),
          // Signed by this side, or no longer that version: either way the server has had its say.
          (c) =>
            !c ||
            c.versionId !== versionId ||
            (c.myRole === 'dominant' ? c.isDominantSigned : c.isSubmissiveSigned),
        ),
      };
    },
    onSuccess: ({ contract }, _input, context) => {
      context.pending.release();
      queryClient.setQueryData(queryKeys.contract(partnerId), contract);
      void queryClient.invalidateQueries({ queryKey: queryKeys.contractHistory(contract.id) });
    },
    onError: (_error, _input, context) => context?.pending.rollback(),
  });
}

type Base = { id: string; baseVersionId: string };

export function useContractActions(partnerId: string) {
  return {
    save: useContractWrite(partnerId, ({ id, ...json }: Base & { content: string; caps?: Caps }) =>
      unwrap(byId.content.$put({ param: { id }, json })),
    ),
    /** "Lower now" (decision 057): the submissive's caps, in force at once. */
    lower: useContractWrite(partnerId, ({ id, caps }: { id: string; caps: Caps }) =>
      unwrap(byId.caps.lower.$post({ param: { id }, json: { caps } })),
    ),
    template: useContractWrite(
      partnerId,
      ({ id, ...json }: Base & { fileName: string; type: string; text: string }) =>
        unwrap(byId.template.$post({ param: { id }, json })),
    ),
    reset: useContractWrite(partnerId, ({ id, ...json }: Base) =>
      unwrap(byId.reset.$post({ param: { id }, json })),
    ),
    sign: useSign(partnerId),
    requestEdit: useContractWrite(partnerId, (id: string) =>
      unwrap(byId['edit-request'].$post({ param: { id } })),
    ),
    approve: useContractWrite(partnerId, (id: string) =>
      unwrap(byId['edit-request'].approve.$post({ param: { id } })),
    ),
    deny: useContractWrite(partnerId, (id: string) =>
      unwrap(byId['edit-request'].deny.$post({ param: { id } })),
    ),
  };
}
export type ContractActions = ReturnType<typeof useContractActions>;

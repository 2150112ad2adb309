import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRuleInput, RuleView, UpdateRuleInput } from '@/shared/schemas/rules';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { patchQuery, withKey } from '@/web/lib/writes';

const rules = api.api.rules;
const byId = rules[':id'];

/** The rules in force between the user and one partner, newest first (GET /api/rules?partnerId=). */
export const rulesQuery = (partnerId: string) =>
  queryOptions({
    queryKey: queryKeys.rules(partnerId),
    queryFn: async () => (await unwrap(rules.$get({ query: { partnerId } }))).rules,
  });
export const useRules = (partnerId: string, enabled = true) =>
  useQuery({ ...rulesQuery(partnerId), enabled });

/** Every version of a rule, newest first, each with when it was acknowledged (GET /api/rules/:id/versions). */
export const ruleVersionsQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.ruleVersions(id),
    queryFn: async () => (await unwrap(byId.versions.$get({ param: { id } }))).versions,
  });
export const useRuleVersions = (id: string, enabled: boolean) =>
  useQuery({ ...ruleVersionsQuery(id), enabled });

/** The list with `rule` as the server now has it: in its place, or first when it is new. */
const withRule = (list: RuleView[] | undefined, rule: RuleView) =>
  list?.some((r) => r.id === rule.id)
    ? list.map((r) => (r.id === rule.id ? rule : r))
    : [rule, ...(list ?? [])];

/**
 * A write that answers the rule as it now stands: it replaces the cached one, and its versions are read
 * again. A refusal reads the list again (a 409 says someone changed the rule meanwhile).
 */
function useRuleWrite<I>(partnerId: string, fn: (input: I) => Promise<{ rule: RuleView }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ rule }) => {
      queryClient.setQueryData<RuleView[]>(queryKeys.rules(partnerId), (list) => withRule(list, rule));
      void queryClient.invalidateQueries({ queryKey: queryKeys.ruleVersions(rule.id) });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.rules(partnerId) }),
  });
}

/** POST /api/rules: the dominant writes a new rule (version 1). */
export const useCreateRule = (partnerId: string) =>
  useRuleWrite(partnerId, ({ key, ...json }: CreateRuleInput & { key: string }) =>
    unwrap(rules.$post({ json }, withKey(key))),
  );

/** PUT /api/rules/:id: a new version, from the version the editor started from. */
export const useUpdateRule = (partnerId: string) =>
  useRuleWrite(partnerId, ({ id, json }: { id: string; json: UpdateRuleInput }) =>
    unwrap(byId.$put({ param: { id }, json })),
  );

/**
 * POST /api/rules/:id/acknowledge: the submissive acknowledges the version they read. It shows at once
 * and goes back if the server refuses (a 409: the rule changed meanwhile).
 */
export function useAcknowledgeRule(partnerId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.rules(partnerId);
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      unwrap(byId.acknowledge.$post({ param: { id }, json: { version } })),
    onMutate: async ({ id, version }) => {
      const at = Date.now();
      return {
        pending: await patchQuery<RuleView[]>(
          queryClient,
          key,
          (list) =>
            list.map((r) =>
              r.id === id && r.version === version && r.acknowledgedAt === null
                ? { ...r, acknowledgedAt: at }
                : r,
            ),
          // Acknowledged, changed since or retired: the server has had its say either way.
          (list) => !list.some((r) => r.id === id && r.version === version && r.acknowledgedAt === null),
        ),
      };
    },
    onSuccess: ({ rule }, _input, context) => {
      context.pending.release();
      queryClient.setQueryData<RuleView[]>(key, (list) => withRule(list, rule));
      void queryClient.invalidateQueries({ queryKey: queryKeys.ruleVersions(rule.id) });
    },
    onError: (_error, _input, context) => context?.pending.rollback(),
  });
}

/** DELETE /api/rules/:id: the dominant retires a rule; it leaves the list. */
export function useRetireRule(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await unwrap(byId.$delete({ param: { id } }));
      return id;
    },
    onSuccess: (id) => {
      queryClient.setQueryData<RuleView[]>(queryKeys.rules(partnerId), (list) =>
        list?.filter((r) => r.id !== id),
      );
      queryClient.removeQueries({ queryKey: queryKeys.ruleVersions(id) });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.rules(partnerId) }),
  });
}

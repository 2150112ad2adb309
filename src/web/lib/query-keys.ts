/** Every query key of the app, defined once. */
export const queryKeys = {
  me: ['me'] as const,
  recoveryCheck: (token: string) => ['recovery-check', token] as const,
  userSearch: (email: string) => ['user-search', email] as const,
  partnerRequests: ['partner-requests'] as const,
  partnerRequest: (id: string) => ['partner-requests', id] as const,
  notifications: ['notifications'] as const,
  tasks: ['tasks'] as const,
  taskHistory: ['task-history'] as const,
  punishments: ['punishments'] as const,
  journal: (partnerId: string) => ['journal', partnerId] as const,
};

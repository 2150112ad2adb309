/** Every query key of the app, defined once. */
export const queryKeys = {
  me: ['me'] as const,
  recoveryCheck: (token: string) => ['recovery-check', token] as const,
};

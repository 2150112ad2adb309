export const ROLES = ['dominant', 'submissive', 'switch'] as const;
export type Role = (typeof ROLES)[number];

export const SESSION_ROLES = ['dominant', 'submissive'] as const;
export type SessionRole = (typeof SESSION_ROLES)[number];

/**
 * The role that counts for this session: a Switch acts as the role chosen for the session,
 * or has none until they choose.
 */
export function effectiveRole(role: Role, sessionRole: SessionRole | null): SessionRole | null {
  if (role === 'switch') return sessionRole;
  return role;
}

export const roleBadge = (role: SessionRole) => (role === 'dominant' ? 'Dom' : 'Sub');

import type { Role } from '@/shared/domain/roles';
import { Badge } from '@/web/components/ui/badge';

const LABELS: Record<Role, string> = { dominant: 'Dom', submissive: 'Sub', switch: 'Switch' };

export function RoleBadge({ role }: { role: Role }) {
  return <Badge aria-label={`Role: ${role}`}>{LABELS[role]}</Badge>;
}

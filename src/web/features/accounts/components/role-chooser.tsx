import { Crown, HeartHandshake, LogOut } from 'lucide-react';
import type { SessionRole } from '@/shared/domain/roles';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useLogoutAction } from '../api/logout';
import { useChooseSessionRole } from '../api/session-role';

const CHOICES: { role: SessionRole; label: string; tagline: string; Icon: typeof Crown }[] = [
  { role: 'dominant', label: 'Dominant', tagline: 'Take control', Icon: Crown },
  { role: 'submissive', label: 'submissive', tagline: 'Follow & obey', Icon: HeartHandshake },
];

/** The full-screen card a Switch sees until they choose the role of this session. */
export function RoleChooser() {
  const choose = useChooseSessionRole();
  const logout = useLogoutAction();
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md space-y-5 text-center">
        <h1 className="text-2xl font-bold">Choose Your Role for This Session</h1>
        <div className="grid grid-cols-2 gap-3">
          {CHOICES.map(({ role, label, tagline, Icon }) => (
            <button
              key={role}
              type="button"
              disabled={choose.isPending}
              onClick={() =>
                choose.mutate(role, {
                  onError: (error) =>
                    error instanceof ApiError && error.code === 'ROLE_ALREADY_CHOSEN'
                      ? toast.info(error.message)
                      : toast.error('Could not set your role', { description: 'Please try again' }),
                })
              }
              className="flex flex-col items-center gap-2 rounded-card border border-input bg-card px-3 py-5 sm:p-5 hover:border-primary hover:bg-accent disabled:opacity-50"
            >
              <Icon className="h-8 w-8 text-primary" aria-hidden />
              <span className="text-base font-semibold sm:text-lg">{label}</span>
              <span className="text-sm text-muted-foreground">{tagline}</span>
            </button>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          You can change your role by logging out and logging in again.
        </p>
        <Button variant="outline" onClick={logout.run} pending={logout.pending}>
          <LogOut className="h-4 w-4" aria-hidden /> Log out
        </Button>
      </Card>
    </main>
  );
}

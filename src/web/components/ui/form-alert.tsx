import type { ReactNode } from 'react';

/**
 * What a form says about its last send, in the form itself: the server's refusal (a login, a limit crossed,
 * a cap of the contract) or that it was not sent. Nothing at all while there is nothing to say.
 */
export function FormAlert({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-control bg-destructive/10 p-3 text-sm text-destructive">
      {children}
    </p>
  );
}

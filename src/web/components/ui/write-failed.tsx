import { UNREACHABLE_MESSAGE } from '@/web/lib/writes';

/**
 * Said in a form whose write did not reach Pact: what was typed is still there and the same press sends it
 * again, under the same key, so that it is never made twice (decision 039).
 */
export function WriteFailed({ show }: { show: boolean }) {
  return show ? (
    <p role="alert" className="rounded-control bg-destructive/10 p-3 text-sm">
      {UNREACHABLE_MESSAGE}
    </p>
  ) : null;
}

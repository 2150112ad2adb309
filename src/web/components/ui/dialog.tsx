import { Loader2 } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { lazyModule, useLazyModule } from '@/web/lib/lazy-module';
import { Button } from './button';
import type { DialogProps } from './dialog-context';

export { DialogCornerContext, type DialogProps } from './dialog-context';

/** The modal itself (Radix's dialog, its focus trap and scroll lock): no page needs it to paint. */
const modal = lazyModule(() => import('./dialog-modal'));

const focused = () => {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
};

/**
 * Where focus goes when the opener is gone by the time the dialog closes (Grant or Withdraw is no longer
 * offered once done): the nearest container of the opener made to take focus (tabIndex -1, a card), if
 * any below main.
 */
const homeOf = (opener: HTMLElement | null) => {
  const home = opener?.parentElement?.closest<HTMLElement>('[tabindex="-1"]');
  return home && home.tagName !== 'MAIN' ? home : null;
};

/**
 * A modal dialog: focus is trapped, Escape closes, the title and description are announced. Our dialogs
 * are opened from state, not from a Radix trigger, so the dialog remembers what had focus when it opened
 * and gives focus back to it on close; if it is gone meanwhile, to its card (`homeOf`). A closed dialog renders nothing, and its modal's code is fetched when
 * the browser is idle or at the first press (decision 059); a dialog opened before it has arrived shows
 * that it is opening, then opens.
 */
export function Dialog(props: DialogProps) {
  const { open, onOpenChange } = props;
  const opener = useRef<HTMLElement | null>(null);
  const home = useRef<HTMLElement | null>(null);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  // A layout effect runs before the content (portalled, mounted a render later) takes focus.
  useLayoutEffect(() => {
    if (!open) return;
    opener.current = focused();
    home.current = homeOf(opener.current);
  }, [open]);
  useEffect(() => modal.prefetch(), []);
  const { value, failed } = useLazyModule(modal, opened);
  if (value) return opened ? <value.DialogModal {...props} opener={opener} home={home} /> : null;
  const giveUp = () => {
    onOpenChange(false);
    opener.current?.focus();
  };
  return open ? <DialogPending failed={failed} onClose={giveUp} /> : null;
}

/**
 * What a dialog shows while its code arrives: a note in the middle of the screen that covers nothing (Red
 * and the page stay reachable) and takes no focus; Escape gives up waiting. If the code cannot be fetched,
 * it says so, with a way to close.
 */
export function DialogPending({ failed = false, onClose }: { failed?: boolean; onClose?: () => void }) {
  useEffect(() => {
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center p-4 safe-inset">
      {failed ? (
        <div
          role="alert"
          className="pointer-events-auto flex max-w-sm flex-col items-center gap-3 rounded-card border border-border bg-card p-card text-center shadow-xl motion-safe:animate-dialog"
        >
          <p>This could not be opened. Check your connection and try again.</p>
          {onClose ? (
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
          ) : null}
        </div>
      ) : (
        <div
          role="status"
          className="flex items-center gap-3 rounded-card border border-border bg-card px-5 py-4 shadow-xl"
        >
          <Loader2 className="h-5 w-5 animate-spin text-muted-foreground" aria-hidden />
          <span>Opening…</span>
        </div>
      )}
    </div>
  );
}

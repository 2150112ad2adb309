import { Dialog } from 'radix-ui';
import { type ReactNode, type RefObject, useRef } from 'react';

/**
 * The bell's panel under the top bar, by its end: a non-modal dialog placed by the stylesheet (the bar is
 * fixed), which needs no positioning engine. Its code comes when the browser is idle or at the first press
 * (decision 059); the bell's button is its trigger. Closing gives focus back to the bell, unless the user
 * pressed somewhere else; an item that opens something (`afterClose`) opens it once focus is back.
 */
export function BellPanel({
  open,
  onOpenChange,
  trigger,
  afterClose,
  action,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
  afterClose: RefObject<(() => void) | null>;
  action: ReactNode;
  children: ReactNode;
}) {
  const pressedOutside = useRef(false);
  return (
    <Dialog.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          onInteractOutside={(event) => {
            // A press on the bell itself is its toggle, not a press outside.
            if (trigger.current?.contains(event.target as Node)) event.preventDefault();
            else pressedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const next = afterClose.current;
            afterClose.current = null;
            if (next || !pressedOutside.current) trigger.current?.focus();
            pressedOutside.current = false;
            next?.();
          }}
          className="fixed top-[calc(var(--top-bar)+0.5rem+env(safe-area-inset-top))] right-2 z-50 w-[23.75rem] max-w-[calc(100vw-1rem)] rounded-card border border-border bg-card shadow-xl sm:right-4 lg:right-[max(1rem,calc((100vw-64rem)/2+1rem))]"
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <Dialog.Title className="font-semibold">Notifications</Dialog.Title>
            {action}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

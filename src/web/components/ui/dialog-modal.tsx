import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { createContext, type ReactNode, use, useLayoutEffect, useRef } from 'react';
import { focusPageHeading } from '@/web/lib/focus';

/**
 * What every modal dialog carries beside its title: on signed-in pages, Red (decision 049: never covered by
 * a dialog or sheet). A modal dialog makes the rest of the page inert, so Red is rendered inside each one,
 * given by the signed-in layout (components know no feature; decision 054).
 */
export const DialogCornerContext = createContext<ReactNode>(null);

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

const focused = () => {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
};

/**
 * A modal dialog: focus is trapped, Escape closes, the title and description are announced. Our dialogs
 * are opened from state, not from a Radix trigger, so the dialog remembers what had focus when it opened
 * and gives focus back to it on close; if that is gone (a deleted card), to the page's heading.
 * React events bubble through the portal to the component that rendered the dialog: a submit inside the
 * dialog stops at its content, so that a dialog opened from inside a form never sends that form too.
 */
export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  const corner = use(DialogCornerContext);
  // A layout effect runs before the content (portalled, mounted a render later) takes focus.
  useLayoutEffect(() => {
    if (open) opener.current = focused();
  }, [open]);

  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <D.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-card p-6 shadow-xl"
          onSubmit={(event) => event.stopPropagation()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) target.focus();
            else focusPageHeading();
          }}
        >
          <D.Title className={corner ? 'pr-28 text-lg font-semibold' : 'pr-8 text-lg font-semibold'}>
            {title}
          </D.Title>
          {description ? (
            <D.Description className="mt-1 text-sm text-muted-foreground">{description}</D.Description>
          ) : (
            <D.Description className="sr-only">{title}</D.Description>
          )}
          <div className="mt-4">{children}</div>
          {/* After the content, as the close button: opening the dialog focuses its first field, never Red. */}
          {corner ? <div className="absolute top-3.5 right-12">{corner}</div> : null}
          <D.Close
            className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground hover:bg-muted"
            aria-label="Close"
          >
            <X className="h-5 w-5" aria-hidden />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { type RefObject, use } from 'react';
import { focusPageHeading } from '@/web/lib/focus';
import { DialogCornerContext, type DialogProps } from './dialog-context';

/**
 * The modal dialog behind `Dialog` (`./dialog`), fetched when a dialog first opens (decision 059): focus is
 * trapped, Escape closes, the title and description are announced. Focus goes back on close to what had it
 * when the dialog opened (`opener`, kept by `Dialog`); if that is gone, to its card if that can take focus and
 * is still there (`home`: a request whose Grant is done), else (a deleted card) to the page's heading.
 * React events bubble through the portal to the component that rendered the dialog: a submit inside the
 * dialog stops at its content, so that a dialog opened from inside a form never sends that form too.
 */
export function DialogModal({
  open,
  onOpenChange,
  title,
  description,
  children,
  opener,
  home,
}: DialogProps & { opener: RefObject<HTMLElement | null>; home: RefObject<HTMLElement | null> }) {
  const corner = use(DialogCornerContext);

  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-black/50 motion-safe:animate-fade" />
        <D.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-card border border-border bg-card p-dialog shadow-xl motion-safe:animate-dialog"
          onSubmit={(event) => event.stopPropagation()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = opener.current;
            const card = home.current;
            opener.current = home.current = null;
            if (target?.isConnected) target.focus();
            else if (card?.isConnected) card.focus();
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
            className="absolute top-4 right-4 rounded-control p-1 text-muted-foreground hover:bg-muted"
            aria-label="Close"
          >
            <X className="h-5 w-5" aria-hidden />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

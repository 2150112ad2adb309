import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * sonner's `toast`, without sonner in the code a page loads to paint (decision 059): sonner is fetched when
 * the page's Toaster is (once it has hydrated, `app/providers.tsx`) or at the first toast, whichever comes
 * first. A toast raised before it has arrived is shown once it has; a fetch that failed (offline, and the
 * service worker does not have the file yet) is tried again at the next toast.
 */
type Message = Parameters<typeof sonnerToast>[0];
type Kind = 'message' | 'success' | 'error' | 'info';

let sonner: typeof import('sonner') | undefined;
let loading: Promise<void> | undefined;
const waiting: [Kind, Message, ExternalToast | undefined][] = [];

function show(kind: Kind, message: Message, data?: ExternalToast) {
  if (!sonner) {
    waiting.push([kind, message, data]);
    void loadSonner();
    return;
  }
  if (kind === 'message') sonner.toast(message, data);
  else sonner.toast[kind](message, data);
}

/** sonner itself: the Toaster's module, and the toasts that waited for it shown. */
export function loadSonner(): Promise<void> {
  loading ??= import('sonner').then(
    (loaded) => {
      sonner = loaded;
      for (const [kind, message, data] of waiting.splice(0)) show(kind, message, data);
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show('message', message, data),
  {
    success: (message: Message, data?: ExternalToast) => show('success', message, data),
    error: (message: Message, data?: ExternalToast) => show('error', message, data),
    info: (message: Message, data?: ExternalToast) => show('info', message, data),
    /** Every toast gone, shown or waiting (the app lock engaging: decision 078). */
    dismiss: () => {
      waiting.length = 0;
      sonner?.toast.dismiss();
    },
  },
);

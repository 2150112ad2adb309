import { createContext, type ReactNode } from 'react';

/**
 * What every modal dialog carries beside its title: on signed-in pages, Red (decision 049: never covered by
 * a dialog or sheet). A modal dialog makes the rest of the page inert, so Red is rendered inside each one,
 * given by the signed-in layout (components know no feature; decision 054).
 */
export const DialogCornerContext = createContext<ReactNode>(null);

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

import { useEffect, useState } from 'react';
import { type AboutView, aboutView } from './about-info';

interface ClientHints {
  platform?: string;
  getHighEntropyValues?: (hints: string[]) => Promise<{ model?: string; platform?: string }>;
}

function facts(model?: string) {
  const hints = (navigator as Navigator & { userAgentData?: ClientHints }).userAgentData;
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return aboutView({
    installed: standalone,
    userAgent: navigator.userAgent,
    hintsPlatform: hints?.platform,
    hintsModel: model,
  });
}

/**
 * The About section's platform and device, read in the browser once the page is there (null until then, and
 * on the server); the model arrives later when the browser offers it.
 */
export function useAboutView(): AboutView | null {
  const [view, setView] = useState<AboutView | null>(null);
  useEffect(() => {
    setView(facts());
    const hints = (navigator as Navigator & { userAgentData?: ClientHints }).userAgentData;
    let live = true;
    hints
      ?.getHighEntropyValues?.(['model'])
      .then((values) => {
        if (live && values.model) setView(facts(values.model));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return view;
}

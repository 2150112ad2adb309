import { useEffect, useRef } from 'react';
import { coverSetting } from '@/web/lib/app-lock';

/**
 * The cover (decision 079): when the page is hidden (`visibilitychange` to hidden, `pagehide`) a plain,
 * full-viewport surface is shown over everything, by a DOM write in the event itself, so that it is painted
 * before the app switcher takes its picture. It comes off when the page is visible again (the lock, if it
 * engaged meanwhile, is then what shows). Turned off on a device by its setting.
 */
export function ScreenCover() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const show = () => {
      if (ref.current && coverSetting.isOn()) ref.current.hidden = false;
    };
    const hide = () => {
      if (ref.current) ref.current.hidden = true;
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? show() : hide());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', show);
    window.addEventListener('pageshow', hide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', show);
      window.removeEventListener('pageshow', hide);
    };
  }, []);
  return (
    <div
      ref={ref}
      hidden
      aria-hidden="true"
      data-testid="screen-cover"
      className="fixed inset-0 z-[2147483647] bg-background"
    />
  );
}

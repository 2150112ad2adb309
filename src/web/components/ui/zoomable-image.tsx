import { ZoomIn, ZoomOut } from 'lucide-react';
import { type MouseEvent, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/web/lib/cn';
import { Button } from './button';

/** How far "Zoom in" enlarges: twice the fitted width. */
const ZOOM = 2;

/**
 * A photo that zooms (issue 26 part 5): a click or tap on it, or the button, shows it at twice its fitted
 * size in a frame that scrolls, centred where it was clicked; again, or "Zoom out", fits it back. Two fingers
 * pinch it as the browser does everywhere (`touch-action: pinch-zoom` keeps that open inside a dialog).
 */
export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  useLayoutEffect(() => {
    const box = frame.current;
    if (!box || !zoom) return;
    box.scrollLeft = zoom.x * box.scrollWidth - box.clientWidth / 2;
    box.scrollTop = zoom.y * box.scrollHeight - box.clientHeight / 2;
  }, [zoom]);
  const toggleAt = (x: number, y: number) => setZoom((was) => (was ? null : { x, y }));
  const onImageClick = (e: MouseEvent<HTMLImageElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    toggleAt((e.clientX - rect.left) / rect.width, (e.clientY - rect.top) / rect.height);
  };
  return (
    <div className="space-y-2">
      <div
        ref={frame}
        data-testid="zoom-frame"
        data-zoomed={zoom ? 'true' : 'false'}
        className="max-h-[65dvh] overflow-auto overscroll-contain rounded-control bg-muted"
        style={{ touchAction: 'pan-x pan-y pinch-zoom' }}
      >
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the Zoom button beside it does the same by keyboard. */}
        <img
          src={src}
          alt={alt}
          onClick={onImageClick}
          style={zoom ? { width: `${ZOOM * 100}%` } : undefined}
          className={cn(
            'block',
            zoom ? 'max-w-none cursor-zoom-out' : 'max-h-[65dvh] w-full cursor-zoom-in object-contain',
          )}
        />
      </div>
      <Button variant="outline" size="sm" aria-pressed={zoom !== null} onClick={() => toggleAt(0.5, 0.5)}>
        {zoom ? <ZoomOut className="h-4 w-4" aria-hidden /> : <ZoomIn className="h-4 w-4" aria-hidden />}
        {zoom ? 'Zoom out' : 'Zoom in'}
      </Button>
    </div>
  );
}

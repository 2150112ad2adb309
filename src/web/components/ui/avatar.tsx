import { Avatar as A } from 'radix-ui';
import { cn } from '@/web/lib/cn';

const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .map((part) => [...part][0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/**
 * A person's profile picture, or their initials while it loads, when it fails, or when there is none.
 * Where the name is written beside it, it is decorative (no `alt`); where it stands alone, `alt` names
 * who it shows, for the picture and the initials alike.
 */
export function Avatar({
  name,
  src,
  size = 36,
  alt,
  className,
}: {
  name: string;
  src: string | null;
  size?: number;
  alt?: string;
  className?: string;
}) {
  return (
    <A.Root
      role={alt ? 'img' : undefined}
      aria-label={alt}
      title={alt}
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent font-semibold text-accent-foreground select-none',
        size >= 64 ? 'text-2xl' : size >= 40 ? 'text-base' : 'text-xs',
        className,
      )}
      style={{ width: size, height: size }}
      data-testid="avatar"
      data-has-image={src ? 'true' : 'false'}
    >
      {src ? <A.Image src={src} alt="" className="h-full w-full object-cover" /> : null}
      <A.Fallback aria-hidden delayMs={src ? 300 : 0}>
        {initials(name)}
      </A.Fallback>
    </A.Root>
  );
}

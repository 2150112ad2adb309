import { Avatar as A } from 'radix-ui';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

export function Avatar({ name, src, size = 36 }: { name: string; src: string | null; size?: number }) {
  return (
    <A.Root
      className="inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-sm font-semibold text-accent-foreground"
      style={{ width: size, height: size }}
    >
      {src ? <A.Image src={src} alt="" className="h-full w-full object-cover" /> : null}
      <A.Fallback aria-hidden>{initials(name)}</A.Fallback>
    </A.Root>
  );
}

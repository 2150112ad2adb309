import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '@/web/components/ui/card';

/** One section of /settings: a card named by its heading, so that it is a landmark a reader can jump to. */
export function SettingsSection({
  title,
  Icon,
  description,
  children,
  tone = 'default',
  anchor,
}: {
  title: string;
  Icon: LucideIcon;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
  /** The section's address in the page (/settings#anchor), for links from elsewhere in the app. */
  anchor?: string;
}) {
  const id = useId();
  return (
    <Card
      role="region"
      id={anchor}
      aria-labelledby={id}
      className={tone === 'danger' ? 'space-y-4 border-destructive/50' : 'space-y-4'}
    >
      <div className="space-y-1">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
          <Icon
            className={tone === 'danger' ? 'h-5 w-5 text-destructive' : 'h-5 w-5 text-primary'}
            aria-hidden
          />
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}

import { Tabs as T } from 'radix-ui';
import type { ReactNode } from 'react';
import { useHydrated } from '@/web/lib/use-hydrated';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

export function Tabs({
  value,
  onValueChange,
  items,
  label,
}: {
  value: string;
  onValueChange: (value: string) => void;
  items: TabItem[];
  label: string;
}) {
  // More than four labels do not fit one row of a phone: three to a row there, one row from `sm` up. Under
  // 20 rem across (large text on a phone, decision 091) more than two take one row each, each label whole.
  const layout = [
    items.length > 4 ? 'grid-cols-3 sm:grid-flow-col sm:grid-cols-none' : 'grid-flow-col',
    items.length > 2 ? 'narrow:grid-flow-row narrow:grid-cols-1' : '',
  ].join(' ');
  return (
    <T.Root value={value} onValueChange={onValueChange}>
      <T.List aria-label={label} className={`grid gap-1 rounded-control bg-muted p-1 ${layout}`}>
        {items.map((item) => (
          <Trigger key={item.value} value={item.value} label={item.label} />
        ))}
      </T.List>
      {items.map((item) => (
        <T.Content key={item.value} value={item.value} className="mt-5">
          {item.content}
        </T.Content>
      ))}
    </T.Root>
  );
}

/**
 * On a page rendered before its code runs a tap before hydration would be lost: the tabs wait for it. Only the
 * triggers watch for its end, so that it does not draw the tabs' contents again.
 */
function Trigger({ value, label }: { value: string; label: string }) {
  const hydrated = useHydrated();
  return (
    <T.Trigger
      value={value}
      disabled={!hydrated}
      className="h-11 rounded-control px-1 text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
    >
      {label}
    </T.Trigger>
  );
}

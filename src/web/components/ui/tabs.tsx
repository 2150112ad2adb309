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
  return (
    <T.Root value={value} onValueChange={onValueChange}>
      <T.List aria-label={label} className="grid grid-flow-col gap-1 rounded-lg bg-muted p-1">
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
      className="h-11 rounded-md text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
    >
      {label}
    </T.Trigger>
  );
}

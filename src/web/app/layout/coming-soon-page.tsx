import { Hourglass } from 'lucide-react';
import { Card } from '@/web/components/ui/card';

/** A page of the navigation whose feature is not built yet: it says so plainly. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <Card className="flex items-center gap-3 text-muted-foreground">
        <Hourglass className="h-6 w-6 shrink-0" aria-hidden />
        <p>{title} is coming soon to Pact.</p>
      </Card>
    </div>
  );
}

import { ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';

export const LIMITS_CARD_TEXT = {
  title: 'Limits',
  body: 'Your own Yes, Maybe and No for each activity, and the matches once you have both finished.',
  open: 'Open limits',
} as const;

/** The dashboard's way to the Limits page (decisions 055, 058). */
export function LimitsCard() {
  return (
    <Card aria-labelledby="limits-card-title" className="space-y-3" data-testid="limits-card">
      <h2 id="limits-card-title" className="flex items-center gap-2 font-semibold">
        <ListChecks className="h-5 w-5 text-primary" aria-hidden />
        {LIMITS_CARD_TEXT.title}
      </h2>
      <p className="text-sm text-muted-foreground">{LIMITS_CARD_TEXT.body}</p>
      <Link to={paths.limits} className={buttonClasses('outline')}>
        {LIMITS_CARD_TEXT.open}
      </Link>
    </Card>
  );
}

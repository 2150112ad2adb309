import {
  HeartHandshake,
  ListChecks,
  type LucideIcon,
  MessageCircleHeart,
  ScrollText,
  Siren,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, withQuery } from '@/shared/routes';
import type { NegotiationPairView } from '@/shared/schemas/negotiation';
import { buttonClasses } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useCadences } from '@/web/features/checkins/api/checkins';
import { CadenceForm } from '@/web/features/checkins/components/cadence-form';
import { useLimits } from '@/web/features/limits/api/limits';
import { AftercareWishes } from '@/web/features/negotiation/components/aftercare-wishes';
import { Safewords } from '@/web/features/negotiation/components/safewords';

/** What a step is drawn with: the pair's negotiation and the partner. */
export interface StepProps {
  pair: NegotiationPairView;
  partner: { id: string; name: string };
}

/** One step of the first negotiation. */
export interface NegotiationStep {
  id: string;
  title: string;
  Icon: LucideIcon;
  intro: string;
  Body: (props: StepProps) => ReactNode;
}

export const STEPS_TEXT = {
  limits: 'Limits',
  limitsIntro:
    'Each of you answers Yes, Maybe or No for each activity, privately. Once you have both finished, each of you sees only the matches.',
  limitsMine: { done: 'You have finished your list.', open: 'You have not finished your list yet.' },
  limitsPartner: (name: string, done: boolean) =>
    done ? `${name} has finished their list.` : `${name} has not finished their list yet.`,
  limitsOpen: 'Open your limits list',
  safewords: 'Safewords: Red and Yellow',
  safewordsIntro: 'Pact has two safewords of its own, for both of you.',
  checkins: 'Check-ins',
  checkinsIntro: 'How often Pact asks you both how you are. Off is a fine answer.',
  aftercare: 'Aftercare',
  aftercareIntro: 'What each of you needs afterwards. You can change it at any time.',
  caps: 'Caps',
  capsIntro:
    'Caps bound what can be asked: the most severe punishment, timer minutes a day, open tasks at once, proof requests a day, quiet hours, and areas of life no task may touch. They are part of the contract you both sign, and Pact refuses anything past them. The submissive can lower one at any time, at once.',
  capsOpen: 'Open the contract',
} as const;

function LimitsStep({ pair, partner }: StepProps) {
  const limits = useLimits();
  const mine = limits.data?.pairs.find((p) => p.pairId === pair.pairId);
  return (
    <div className="space-y-3 text-sm">
      {mine ? (
        <ul className="space-y-1" data-testid="negotiation-limits">
          <li>{mine.finishedByMe ? STEPS_TEXT.limitsMine.done : STEPS_TEXT.limitsMine.open}</li>
          <li>{STEPS_TEXT.limitsPartner(partner.name, mine.finishedByPartner)}</li>
        </ul>
      ) : limits.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : null}
      <Link to={withQuery(paths.limits, { partner: partner.id })} className={buttonClasses('outline')}>
        {STEPS_TEXT.limitsOpen}
      </Link>
    </div>
  );
}

function CheckinsStep({ pair, partner }: StepProps) {
  const cadences = useCadences();
  const cadence = cadences.data?.cadences.find((c) => c.pairId === pair.pairId);
  if (!cadence) return cadences.isPending ? <Skeleton className="h-24 w-full" /> : null;
  return (
    <CadenceForm
      key={`${cadence.frequency}:${cadence.weekday}:${cadence.time}:${cadence.setAt}`}
      cadence={cadence}
      partnerName={partner.name}
    />
  );
}

function CapsStep({ partner }: StepProps) {
  return (
    <Link to={withQuery(paths.contract, { partner: partner.id })} className={buttonClasses('outline')}>
      {STEPS_TEXT.capsOpen}
    </Link>
  );
}

/**
 * The steps of the first negotiation, in order, in this one list (decision 058): a step is added by one
 * entry here (the caps are set and signed in the contract, which the last links to).
 */
export const NEGOTIATION_STEPS: NegotiationStep[] = [
  {
    id: 'limits',
    title: STEPS_TEXT.limits,
    Icon: ListChecks,
    intro: STEPS_TEXT.limitsIntro,
    Body: LimitsStep,
  },
  {
    id: 'safewords',
    title: STEPS_TEXT.safewords,
    Icon: Siren,
    intro: STEPS_TEXT.safewordsIntro,
    Body: () => <Safewords />,
  },
  {
    id: 'checkins',
    title: STEPS_TEXT.checkins,
    Icon: MessageCircleHeart,
    intro: STEPS_TEXT.checkinsIntro,
    Body: CheckinsStep,
  },
  {
    id: 'aftercare',
    title: STEPS_TEXT.aftercare,
    Icon: HeartHandshake,
    intro: STEPS_TEXT.aftercareIntro,
    Body: ({ pair, partner }) => (
      <AftercareWishes key={pair.myAftercare} pair={pair} partnerName={partner.name} />
    ),
  },
  { id: 'caps', title: STEPS_TEXT.caps, Icon: ScrollText, intro: STEPS_TEXT.capsIntro, Body: CapsStep },
];

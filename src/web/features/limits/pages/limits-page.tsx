import { Check, ListChecks, ScrollText } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { type Caps, capLines } from '@/shared/domain/caps';
import { LIMIT_GROUPS, type LimitAnswer } from '@/shared/domain/limits';
import { paths } from '@/shared/routes';
import { LIMIT_TITLE_MAX, type LimitsPairView } from '@/shared/schemas/limits';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { PartnerSelect } from '@/web/components/ui/partner-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { useChosenPartner } from '@/web/lib/use-chosen-partner';
import { useAddLimitItem, useAnswerLimit, useFinishLimits, useLimits } from '../api/limits';

export const LIMITS_PAGE_TEXT = {
  title: 'Limits',
  intro:
    'Answer each item Yes, Maybe or No, just for you. Your partner never sees your answers: once you have both finished, each of you sees only the matches, what you both said Yes to, and Yes with Maybe. You can change an answer at any time.',
  noPartner: 'Connect with a partner to fill in your limits together.',
  answers: { yes: 'Yes', maybe: 'Maybe', no: 'No' } satisfies Record<LimitAnswer, string>,
  own: 'Your own items',
  ownHint: 'Items either of you adds are shown to both, and each answers them privately.',
  addLabel: 'Add your own',
  add: 'Add',
  finish: "I've finished",
  finishedMe: 'You have finished your list. You can still change any answer.',
  waiting: (name: string) => `Your matches show here once ${name} has finished too.`,
  partnerFinished: (name: string) => `${name} has finished their list.`,
  matches: 'Matches',
  matchesIntro: 'Only what you both said Yes to, and Yes with Maybe. Nothing else of either list is shown.',
  noMatches: 'No matches yet.',
  maybe: 'Maybe',
  caps: 'Caps in force',
  capsIntro:
    'What your signed contract allows at most, for both of you. Pact refuses anything past them. The submissive can lower one at any time; raising one needs a new version you both sign.',
  capsLink: 'Set or lower them in the contract',
} as const;

const ANSWERS: LimitAnswer[] = ['yes', 'maybe', 'no'];
const CATALOGUE_TITLES = new Map(LIMIT_GROUPS.flatMap((g) => g.items.map((i) => [i.id, i.title] as const)));

/** /limits (decision 055): the user's own Yes/Maybe/No list for a pair, and the matches once both finished. */
export function LimitsPage() {
  const { partners, partner, choose } = useChosenPartner();
  const limits = useLimits();
  const pair = partner ? limits.data?.pairs.find((p) => p.partnerId === partner.id) : undefined;
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">{LIMITS_PAGE_TEXT.title}</h1>
        <p className="text-sm text-muted-foreground">{LIMITS_PAGE_TEXT.intro}</p>
      </header>
      {!partner ? (
        <Card>
          <p className="text-sm text-muted-foreground">{LIMITS_PAGE_TEXT.noPartner}</p>
        </Card>
      ) : (
        <>
          {partners.length > 1 ? (
            <PartnerSelect partners={partners} value={partner.id} onChange={choose} />
          ) : null}
          {pair ? (
            <PairLimits key={pair.pairId} pair={pair} partnerName={partner.name} />
          ) : (
            <Skeleton className="h-48 w-full" />
          )}
        </>
      )}
    </div>
  );
}

function PairLimits({ pair, partnerName }: { pair: LimitsPairView; partnerName: string }) {
  const finish = useFinishLimits();
  const titleOf = (itemId: string) =>
    CATALOGUE_TITLES.get(itemId) ?? pair.custom.find((c) => `custom:${c.id}` === itemId)?.title ?? itemId;
  return (
    <>
      <Status pair={pair} partnerName={partnerName} titleOf={titleOf} />
      <CapsInForce caps={pair.capsInForce} partnerId={pair.partnerId} />
      {LIMIT_GROUPS.map((group) => (
        <Group key={group.id} title={group.title}>
          {group.items
            .filter((i) => !i.retired)
            .map((i) => (
              <ItemAnswer key={i.id} pair={pair} itemId={i.id} title={i.title} />
            ))}
        </Group>
      ))}
      <Group title={LIMITS_PAGE_TEXT.own} hint={LIMITS_PAGE_TEXT.ownHint}>
        {pair.custom.map((c) => (
          <ItemAnswer key={c.id} pair={pair} itemId={`custom:${c.id}`} title={c.title} />
        ))}
        <AddItem partnerId={pair.partnerId} />
      </Group>
      {pair.finishedByMe ? null : (
        <Card className="space-y-3">
          {finish.error ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(finish.error)}
            </p>
          ) : null}
          <Button pending={finish.isPending} onClick={() => finish.mutate(pair.partnerId)}>
            <Check className="h-4 w-4" aria-hidden />
            {LIMITS_PAGE_TEXT.finish}
          </Button>
        </Card>
      )}
    </>
  );
}

/** The contract's caps in force (decision 057), read only here: they are set and lowered in the contract. */
function CapsInForce({ caps, partnerId }: { caps: Caps; partnerId: string }) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className="space-y-3" data-testid="limits-caps">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <ScrollText className="h-5 w-5 text-primary" aria-hidden />
        {LIMITS_PAGE_TEXT.caps}
      </h2>
      <p className="text-sm text-muted-foreground">{LIMITS_PAGE_TEXT.capsIntro}</p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {capLines(caps).map((line) => (
          <div key={line.name} className="contents" data-testid={`limits-cap-${line.name}`}>
            <dt className="text-muted-foreground">{line.label}</dt>
            <dd className="font-medium">{line.value}</dd>
          </div>
        ))}
      </dl>
      <Link
        to={`${paths.contract}?partner=${partnerId}`}
        className="inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {LIMITS_PAGE_TEXT.capsLink}
      </Link>
    </Card>
  );
}

function Status({
  pair,
  partnerName,
  titleOf,
}: {
  pair: LimitsPairView;
  partnerName: string;
  titleOf: (id: string) => string;
}) {
  const id = useId();
  if (pair.matches) {
    const matches = [...pair.matches].sort((a, b) => (a.match === b.match ? 0 : a.match === 'yes' ? -1 : 1));
    return (
      <Card role="region" aria-labelledby={id} className="space-y-3" data-testid="limits-matches">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
          <ListChecks className="h-5 w-5 text-primary" aria-hidden />
          {LIMITS_PAGE_TEXT.matches}
        </h2>
        <p className="text-sm text-muted-foreground">{LIMITS_PAGE_TEXT.matchesIntro}</p>
        {matches.length === 0 ? (
          <p className="text-sm">{LIMITS_PAGE_TEXT.noMatches}</p>
        ) : (
          <ul className="space-y-2">
            {matches.map((m) => (
              <li
                key={m.itemId}
                className="flex items-center justify-between gap-3 rounded-control border border-border p-3 text-sm"
                data-testid="limits-match"
              >
                <span className="break-words">{titleOf(m.itemId)}</span>
                {m.match === 'maybe' ? (
                  <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium">
                    {LIMITS_PAGE_TEXT.maybe}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    );
  }
  return (
    <Card className="space-y-1 text-sm" role="status" data-testid="limits-status">
      {pair.finishedByMe ? <p>{LIMITS_PAGE_TEXT.finishedMe}</p> : null}
      {pair.finishedByPartner ? <p>{LIMITS_PAGE_TEXT.partnerFinished(partnerName)}</p> : null}
      <p className="text-muted-foreground">{LIMITS_PAGE_TEXT.waiting(partnerName)}</p>
    </Card>
  );
}

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      <div className="divide-y divide-border">{children}</div>
    </Card>
  );
}

/** One item: a native radio group (arrow keys move between Yes, Maybe and No), saved on choice. */
function ItemAnswer({ pair, itemId, title }: { pair: LimitsPairView; itemId: string; title: string }) {
  const answer = useAnswerLimit();
  const name = useId();
  const current = pair.mine[itemId] ?? null;
  return (
    <fieldset
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="limit-item"
      data-item={itemId}
    >
      <legend className="float-left text-sm font-medium break-words sm:max-w-[55%]">{title}</legend>
      <div className="clear-left flex gap-1 sm:clear-none">
        {ANSWERS.map((value) => (
          <label
            key={value}
            className="flex h-11 min-w-16 flex-1 cursor-pointer items-center justify-center rounded-control border border-input bg-card px-3 text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 sm:flex-none"
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={value}
              checked={current === value}
              onChange={() => answer.mutate({ partnerId: pair.partnerId, itemId, answer: value })}
            />
            {LIMITS_PAGE_TEXT.answers[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AddItem({ partnerId }: { partnerId: string }) {
  const add = useAddLimitItem();
  const [title, setTitle] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ partnerId, title }, { onSuccess: () => setTitle('') });
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2 pt-3">
      <div className="flex-1">
        <Field
          label={LIMITS_PAGE_TEXT.addLabel}
          value={title}
          maxLength={LIMIT_TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          error={add.error ? errorMessage(add.error) : undefined}
        />
      </div>
      <Button type="submit" variant="outline" disabled={add.isPending || title.trim().length === 0}>
        {LIMITS_PAGE_TEXT.add}
      </Button>
    </form>
  );
}

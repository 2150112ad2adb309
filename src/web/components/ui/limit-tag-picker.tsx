import { X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { catalogueItem, LIMIT_GROUPS, LIMIT_TAGS_MAX } from '@/shared/domain/limits';
import type { LimitTagView } from '@/shared/schemas/limits';
import { Input } from './input';

interface TagGroup {
  id: string;
  title: string;
  items: LimitTagView[];
}

/**
 * The limit tags of a task or punishment (decision 056): the catalogue by group and the pair's own items,
 * searched by a text field, each a native checkbox (Tab and Space); the chosen ones above as chips that
 * remove with one press. At most LIMIT_TAGS_MAX; the server checks them against both partners' answers.
 */
export function LimitTagPicker({
  value,
  onChange,
  custom,
  disabled,
  hint = "Tag what this involves. Anything either of you said No to can't be assigned; a Maybe becomes a request your partner accepts first.",
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  custom: LimitTagView[];
  disabled?: boolean;
  /** What the tags do here, under the legend (a task's or punishment's, unless told). */
  hint?: string;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  // The list opens on request: a form stays short on a phone, and its checkboxes are there only when asked.
  const [open, setOpen] = useState(false);
  const groups = useMemo<TagGroup[]>(() => {
    const all: TagGroup[] = LIMIT_GROUPS.map((g) => ({
      id: g.id,
      title: g.title,
      items: g.items.filter((i) => !i.retired).map((i) => ({ id: i.id, title: i.title })),
    }));
    if (custom.length > 0) all.push({ id: 'custom', title: 'Your own items', items: custom });
    const q = query.trim().toLowerCase();
    if (!q) return all;
    return all
      .map((g) => ({
        ...g,
        items: g.title.toLowerCase().includes(q)
          ? g.items
          : g.items.filter((i) => i.title.toLowerCase().includes(q)),
      }))
      .filter((g) => g.items.length > 0);
  }, [custom, query]);
  const titleOf = (tag: string) =>
    catalogueItem(tag)?.title ?? custom.find((c) => c.id === tag)?.title ?? 'Your own item';
  const full = value.length >= LIMIT_TAGS_MAX;
  const toggle = (tag: string, on: boolean) =>
    onChange(on ? [...value, tag] : value.filter((t) => t !== tag));

  return (
    <fieldset className="space-y-2" disabled={disabled} aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium">Limits it touches (optional)</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen limits">
          {value.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                onClick={() => toggle(tag, false)}
                className="inline-flex min-h-9 items-center gap-1 rounded-full bg-accent px-3 text-sm text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Remove ${titleOf(tag)}`}
              >
                {titleOf(tag)}
                <X aria-hidden className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-11 items-center gap-1 rounded-control border border-input px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring"
      >
        {open ? 'Hide the list' : 'Choose limits'}
      </button>
      {open ? (
        <div id={`${id}-list`} className="space-y-2">
          <label htmlFor={`${id}-search`} className="sr-only">
            Search limits
          </label>
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Search limits"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
          <div className="max-h-56 space-y-3 overflow-y-auto rounded-control border border-input p-2">
            {groups.length === 0 ? (
              <p className="p-2 text-sm text-muted-foreground">No limit matches "{query.trim()}".</p>
            ) : (
              groups.map((g) => (
                <fieldset key={g.id} className="space-y-1">
                  <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                    {g.title}
                  </legend>
                  {g.items.map((item) => {
                    const checked = value.includes(item.id);
                    return (
                      <label
                        key={item.id}
                        className="flex min-h-10 cursor-pointer items-center gap-3 rounded-control px-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                      >
                        <input
                          type="checkbox"
                          className="h-5 w-5 shrink-0 accent-[var(--primary)]"
                          checked={checked}
                          disabled={!checked && full}
                          onChange={(e) => toggle(item.id, e.target.checked)}
                        />
                        {item.title}
                      </label>
                    );
                  })}
                </fieldset>
              ))
            )}
          </div>
          {full ? <p className="text-xs text-muted-foreground">At most {LIMIT_TAGS_MAX} limits.</p> : null}
        </div>
      ) : null}
    </fieldset>
  );
}

/** A task's or punishment's tags on its card, and whether it waits for an answer or is paused. */
export function LimitTags({ tags }: { tags: LimitTagView[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Limits">
      {tags.map((t) => (
        <li key={t.id} className="rounded-full border border-input px-2 py-0.5 text-xs text-muted-foreground">
          {t.title}
        </li>
      ))}
    </ul>
  );
}

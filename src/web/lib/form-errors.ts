import type { FieldErrors } from 'react-hook-form';
import { toast } from '@/web/lib/toast';

function messagesOf(errors: FieldErrors, prefix = ''): { path: string; message: string }[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    // `ref` is the field's element and `types` repeats the messages: neither holds further errors.
    if (!value || typeof value !== 'object' || key === 'ref' || key === 'types') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) return [{ path, message }];
    return messagesOf(value as FieldErrors, path);
  });
}

/**
 * The message to show beside a field: the form's first error under `key` (a field of the checked input, its
 * nested paths included), else the server's for that path or under it; in `details`' words (the toast's
 * second line, what to do) when it has them. Undefined when there is none.
 */
export function errorAt(
  errors: FieldErrors,
  server: Readonly<Record<string, string>>,
  key: string,
  details: Partial<Record<string, string>> = {},
): string | undefined {
  const local = errors[key];
  const mine =
    local && typeof local === 'object' ? messagesOf({ [key]: local } as FieldErrors)[0] : undefined;
  const message =
    mine?.message ?? Object.entries(server).find(([path]) => path === key || path.startsWith(`${key}.`))?.[1];
  return message && (details[message] ?? message);
}

/**
 * A form's invalid handler that shows the spec's toast for the first problem: fields are taken in `order`
 * (by their first path segment), then any other; `details` gives the toast's second line per message.
 */
export function toastFirstError(order: readonly string[], details: Partial<Record<string, string>> = {}) {
  const rank = (path: string) => {
    const index = order.indexOf(path.split('.')[0]!);
    return index === -1 ? order.length : index;
  };
  return (errors: FieldErrors) => {
    const [first] = messagesOf(errors).sort((a, b) => rank(a.path) - rank(b.path));
    if (first) toast.error(first.message, { description: details[first.message], duration: 3000 });
  };
}

/**
 * A server's 400 placed on a form's own fields: each path's message under the field `fieldOf` names for it
 * (the first message per field wins); paths that name no field of the form are left out, and the caller
 * shows the refusal as a whole when nothing was placed.
 */
export function placeServerErrors<F extends string>(
  fields: Readonly<Record<string, string>>,
  fieldOf: (path: string) => F | undefined,
): Partial<Record<F, string>> {
  const placed: Partial<Record<F, string>> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = fieldOf(path);
    if (field) placed[field] ??= message;
  }
  return placed;
}

/** `fieldOf` for a form whose fields are named as the input's keys: a path belongs to its first segment. */
export const byFirstSegment =
  <F extends string>(names: readonly F[]) =>
  (path: string): F | undefined =>
    names.find((name) => path === name || path.startsWith(`${name}.`));

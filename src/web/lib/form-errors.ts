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

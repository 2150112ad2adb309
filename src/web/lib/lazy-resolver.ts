import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver whose code (zod, the resolver, the shared schema) is fetched at the form's first check
 * rather than with the page (decision 059): a form that is on the page when it paints (login, registration,
 * change password) does not make every visit load zod. A fetch that failed is tried again at the next check.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let resolver: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    resolver ??= load().catch((error: unknown) => {
      resolver = undefined;
      throw error;
    });
    return (await resolver)(values, context, options);
  };
}

/** `@hookform/resolvers/zod`, fetched once for every form that asks. */
export const loadZodResolver = async () => (await import('@hookform/resolvers/zod')).zodResolver;

import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { Locale } from '@series-tracker/contracts';
import { safeParse, type $ZodErrorMap, type $ZodType } from 'zod/v4/core';
import { ar, de, en, es, fr, ja } from 'zod/v4/locales';
import { localizeString } from './localize';

/** Zod's own messages in each of our languages (its locales: a well-kept translation). */
const zodLocales: Record<Locale, { localeError: $ZodErrorMap }> = {
  en: en(),
  de: de(),
  es: es(),
  fr: fr(),
  ja: ja(),
  ar: ar(),
};
const locales = Object.keys(zodLocales) as Locale[];

/** The mark fastify-type-provider-zod gives its validation items (hasZodFastifySchemaValidationErrors). */
const zodItem = Symbol.for('ZodFastifySchemaValidationError');

/** One validation problem as Fastify carries it (`error.validation[]`). */
export interface ValidationItem {
  [zodItem]?: true;
  instancePath: string;
  message?: string | undefined;
  /** Zod's default message in every language, when the schema did not write its own. */
  translations?: Record<Locale, string>;
}

/**
 * fastify-type-provider-zod's validator, with one addition (ADR 186): where a schema has no
 * message of its own, Zod's default is worked out in every language while the issue still
 * has its input, and kept beside the English, so the error plugin can answer in the request's
 * language. The contracts' own messages stay as they are (the plugin translates them).
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const defaults = new Map<string, Record<Locale, string>>();
    const result = safeParse(schema, data, {
      error: (issue) => {
        const byLocale = Object.fromEntries(
          locales.map((l) => [l, String(zodLocales[l].localeError(issue) ?? '')]),
        ) as Record<Locale, string>;
        defaults.set(byLocale.en, byLocale);
        return byLocale.en;
      },
    });
    if (!result.error) return { value: result.data };
    const error = result.error.issues.map(
      ({ path, code, message, ...params }): FastifySchemaValidationError & ValidationItem => ({
        [zodItem]: true,
        keyword: code,
        instancePath: `/${path.join('/')}`,
        schemaPath: `#/${path.join('/')}/${code}`,
        message,
        params,
        ...(defaults.has(message) ? { translations: defaults.get(message) } : {}),
      }),
    );
    return { error };
  };

/** A validation problem's message in a language. */
export function localizeIssue(locale: Locale, item: ValidationItem): string | undefined {
  if (item.translations) return item.translations[locale];
  return item.message === undefined ? undefined : localizeString(locale, item.message);
}

import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { setContractIds } from './contract-text';
import type { UiLocale } from './locale-state';

/** A language's messages by id, parsed at build time (build/precompiled-messages.ts, ADR 187). */
export type Catalogue = Record<string, MessageFormatElement[]>;

/**
 * Each language's catalogue is one lazily loaded chunk (catalogues/<locale>.ts gathers the
 * feature files of messages/<locale>/). English needs none: its text is the defaultMessage
 * written beside each use.
 */
const loaders: Record<Exclude<UiLocale, 'en'>, () => Promise<{ default: Catalogue }>> = {
  de: () => import('./catalogues/de'),
  es: () => import('./catalogues/es'),
  fr: () => import('./catalogues/fr'),
  ja: () => import('./catalogues/ja'),
  ar: () => import('./catalogues/ar'),
  'en-XA': () => import('./catalogues/pseudo'),
};

export async function loadCatalogue(locale: UiLocale): Promise<Catalogue> {
  if (locale === 'en') return {};
  const [catalogue, { contractIdByText }] = await Promise.all([
    loaders[locale](),
    import('./contract-ids'),
  ]);
  setContractIds(contractIdByText);
  return catalogue.default;
}

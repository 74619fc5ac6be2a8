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
  const [catalogue, contractIds] = await Promise.all([
    loaders[locale](),
    // Without it (a failed fetch) the contracts' messages stay in English; the rest is not held.
    import('./contract-ids').catch(() => null),
  ]);
  if (contractIds) setContractIds(contractIds.contractIdByText);
  return catalogue.default;
}

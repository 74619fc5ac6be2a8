export { I18nProvider, useLocale, type LocaleState } from './provider';
export {
  formattingLocale,
  getLocale,
  initialLocale,
  intl,
  perLocale,
  pseudoLocale,
  formatterWarmUps,
  type UiLocale,
} from './locale-state';
export { loadCatalogue, type Catalogue } from './catalogues';

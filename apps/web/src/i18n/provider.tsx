import { defaultLocale, localeDirection } from '@series-tracker/contracts/locales';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createIntl, createIntlCache, RawIntlProvider, type ResolvedIntlConfig } from 'react-intl';
import { loadCatalogue, type Catalogue } from './catalogues';
import {
  formattingLocale,
  pseudoLocale,
  setCurrentIntl,
  setCurrentLocale,
  storeLocale,
  type UiLocale,
} from './locale-state';

export interface LocaleState {
  locale: UiLocale;
  /** Switches the interface now (once its catalogue is here) and remembers the choice. */
  setLocale: (locale: UiLocale) => Promise<void>;
}

const cache = createIntlCache();
const LocaleContext = createContext<LocaleState | null>(null);

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale outside I18nProvider');
  return state;
}

const onError: ResolvedIntlConfig['onError'] = (error) => {
  // A key missing from a catalogue falls back to English; the catalogue check (catalogues.test)
  // is where a missing key fails, not the console of a visitor.
  if (error.code === 'MISSING_TRANSLATION') return;
  if (import.meta.env.DEV) console.warn(error);
};

function applyToDocument(locale: UiLocale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale === pseudoLocale ? 'en' : locale;
  document.documentElement.dir = localeDirection(locale);
}

/**
 * The interface language (ADR 186): react-intl's provider with the language's catalogue, the
 * document's lang and dir, and a way to switch. main.tsx loads the first catalogue before the
 * first render, so no screen paints in English and then changes.
 */
export function I18nProvider({
  children,
  initial = { locale: defaultLocale, messages: {} },
}: {
  children: ReactNode;
  initial?: { locale: UiLocale; messages: Catalogue };
}) {
  const [active, setActive] = useState(initial);
  const wanted = useRef(initial.locale);
  const intl = useMemo(
    () =>
      createIntl(
        {
          locale: formattingLocale(active.locale),
          defaultLocale: 'en',
          messages: active.messages,
          onError,
        },
        cache,
      ),
    [active],
  );
  setCurrentLocale(active.locale);
  setCurrentIntl(intl);

  useEffect(() => applyToDocument(active.locale), [active.locale]);

  const setLocale = useCallback(async (locale: UiLocale) => {
    wanted.current = locale;
    storeLocale(locale);
    const messages = await loadCatalogue(locale);
    // A quicker later choice wins over a slower earlier one.
    if (wanted.current === locale) setActive({ locale, messages });
  }, []);

  const state = useMemo(() => ({ locale: active.locale, setLocale }), [active.locale, setLocale]);

  return (
    <LocaleContext.Provider value={state}>
      {/* Remounted on a switch, so text formatted outside React (perLocale, t()) follows too. */}
      <RawIntlProvider key={active.locale} value={intl}>
        {children}
      </RawIntlProvider>
    </LocaleContext.Provider>
  );
}

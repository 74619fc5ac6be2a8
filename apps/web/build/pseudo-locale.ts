import type { Plugin } from 'vite';
import { extractMessages } from './messages';
import { compileCatalogue } from './precompiled-messages';

const virtualId = 'virtual:i18n-pseudo';

/**
 * Serves `virtual:i18n-pseudo`: the English source catalogue, extracted from the code and parsed
 * to ICU ASTs at build time (the bundle has no parser), for the pseudo-locale
 * (src/i18n/catalogues/pseudo.ts accents it in the browser). Only that locale's chunk imports it.
 */
export function pseudoLocale(): Plugin {
  return {
    name: 'series-tracker:pseudo-locale',
    resolveId: (id) => (id === virtualId ? `\0${virtualId}` : null),
    load(id) {
      if (id !== `\0${virtualId}`) return null;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalogue(extractMessages())))});`;
    },
  };
}

import contracts from '@series-tracker/contracts/messages/en.json';
import english from 'virtual:i18n-pseudo';
import type { Catalogue } from '../catalogues';
import { literalMessage } from '../contract-text';
import { pseudoCatalogue } from '../pseudo';

/** The QA pseudo-locale: the code's English (build/pseudo-locale.ts) and the contracts', accented. */
export default pseudoCatalogue({
  ...Object.fromEntries(Object.entries(contracts).map(([id, text]) => [id, literalMessage(text)])),
  ...english,
}) as unknown as Catalogue;

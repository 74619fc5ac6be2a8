import { contractMessages } from '@series-tracker/contracts';
import english from 'virtual:i18n-pseudo';
import type { Catalogue } from '../catalogues';
import { pseudoCatalogue } from '../pseudo';

/** The QA pseudo-locale: the code's English (build/pseudo-locale.ts) and the contracts', accented. */
export default pseudoCatalogue({ ...contractMessages, ...english }) as unknown as Catalogue;

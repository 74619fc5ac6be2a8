import contracts from '@series-tracker/contracts/messages/de.json';
import type { Catalogue } from '../catalogues';

const files = import.meta.glob<Catalogue>('../messages/de/*.json', {
  eager: true,
  import: 'default',
});

export default Object.assign({}, contracts, ...Object.values(files)) as Catalogue;

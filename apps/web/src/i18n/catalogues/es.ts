import contracts from '@series-tracker/contracts/messages/es.json';
import type { Catalogue } from '../catalogues';

const files = import.meta.glob<Catalogue>('../messages/es/*.json', {
  eager: true,
  import: 'default',
});

export default Object.assign({}, contracts, ...Object.values(files)) as Catalogue;
